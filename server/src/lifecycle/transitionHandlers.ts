import type { EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../db/sqlExecutor';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ResourceContext } from '../resource/context';
import type { TransitionRun } from './transitionRun';

/** A system transition of another record inside the caller's transaction (LifecycleService.runInTransaction). */
export interface SystemTransitions {
  runInTransaction(
    tx: SqlExecutor,
    entity: EntityModel,
    action: string,
    id: number,
    ctx: ResourceContext,
    comment?: string | null,
  ): Promise<void>;
  /**
   * The transition `action` of another record as an effect of `cause` (as transitionRelated runs
   * it): in its transaction and context, its history naming the cause's document when the
   * record's lifecycle says so (historyNamesCause). For a record a handler finds by a rule the
   * metadata cannot say (a qualification's master site, by organisation).
   */
  runAsEffectOf(cause: TransitionRun, entity: EntityModel, action: string, id: number): Promise<void>;
}

/** What a transition handler may use besides its run: the metadata, the database, the lifecycles and the record hooks (a kernel has them all). */
export interface TransitionHandlerServices {
  registry: MetadataRegistry;
  db: Database;
  /** For a system transition of another record in the same transaction (runInTransaction). */
  lifecycles: SystemTransitions;
  /** The record hooks, for a store whose writes keep them (EntityStore). */
  hooks: RecordHookRegistry;
}

/**
 * A named server handler for irregular transition logic (e.g. writing a supplier's changed
 * data back to the master record on approval). It runs inside the transition's transaction,
 * after the state change and the effects: throwing an ApiError rolls the whole action back.
 */
export type TransitionHandler = (run: TransitionRun, kernel: TransitionHandlerServices) => void | Promise<void>;

/**
 * Transition handlers by name, referenced from lifecycle metadata (`"handler": "writeBackChangeInfo"`).
 * A second registration of a name is refused, and start-up fails when metadata names a handler
 * that nobody registered: both surface at start-up, not on the first click.
 */
export class TransitionHandlerRegistry {
  private readonly handlers = new Map<string, TransitionHandler>();
  private readonly owners = new Map<string, string>();

  /**
   * Every transition of `entity` first locks the record its reference field `field` names (the
   * owner, e.g. a change's supplier), before the record itself, so a rule across the owner's
   * records (one change under approval per supplier) is checked under that lock and two
   * transitions never wait for each other's rows in opposite order
   * (docs/developer-guide.md, "Invariants under concurrency").
   */
  registerOwner(entity: string, field: string): void {
    if (this.owners.has(entity)) throw new Error(`The lifecycle owner of "${entity}" is already registered`);
    this.owners.set(entity, field);
  }

  ownerFieldOf(entity: string): string | undefined {
    return this.owners.get(entity);
  }

  register(name: string, handler: TransitionHandler): void {
    if (this.handlers.has(name)) throw new Error(`A transition handler "${name}" is already registered`);
    this.handlers.set(name, handler);
  }

  get(name: string): TransitionHandler | undefined {
    return this.handlers.get(name);
  }

  /** Every handler named by a lifecycle must exist; the problems name lifecycle and action. */
  missing(lifecycles: { name: string; transitions: { action: string; handler?: string }[] }[]): string[] {
    return lifecycles.flatMap((lc) =>
      lc.transitions
        .filter((t) => t.handler && !this.handlers.has(t.handler))
        .map((t) => `lifecycle ${lc.name}, ${t.action}: handler "${t.handler}" is not registered`),
    );
  }
}
