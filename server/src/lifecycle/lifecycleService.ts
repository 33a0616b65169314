import {
  evaluateFilter,
  pickText,
  type EntityModel,
  type FilterNode,
  type LifecycleDef,
  type TransitionDef,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { ApiError, Errors } from '../http/apiError';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { ResourceContext } from '../resource/context';
import type { ResourceReader } from '../resource/resourceReader';
import { ResourceWriter } from '../resource/resourceWriter';
import { lockOwner } from '../resource/invariantLocks';
import type { ActionResult } from '../resource/resourceService';
import { TodoService } from '../todos/todoService';
import { formatDateTime } from '../util/time';
import {
  approvalSteps,
  checkStepApprover,
  closeApprovalTodos,
  createApprovalTodos,
  notifySubmitter,
} from './approvalEffects';
import { runDeclaredEffects, setEffectValues, valueOf, type EffectDeps } from './declaredEffects';
import { sinceLatestSubmit, writeHistory } from './history';
import { runTransitionChecks } from './transitionChecks';
import { withReferencedValues } from './referencedValues';
import { lineAggregatesOf } from './lineAggregates';
import { PlatformRows } from './platformRows';
import { inputValues, linkInputFiles, transitionInput } from './transitionInput';
import type { TransitionHandlerRegistry } from './transitionHandlers';
import {
  checkActor,
  checkActorKind,
  commentOf,
  idsOf,
  illegalTransition,
  inBatch,
  isDecision,
  stateMeaning,
} from './transitionRules';
import type { Actor, TransitionRun } from './transitionRun';

/**
 * Lifecycle transitions as server actions (doSubmit, doApprove… and every spec alias). Inside one
 * transaction per call: the record is read under lock, its state must be one of the transition's
 * `from` states (409 naming state and action), the guard must hold, the actor must be allowed
 * (no self-approval, submitterOnly), then the state changes and history, effects (to-dos,
 * notifications, stamps), the named handler and afterTransition hooks run — or nothing changes.
 * Batches are all or nothing; the error names the failing id.
 */
export class LifecycleService {
  readonly rows: PlatformRows;
  readonly todos: TodoService;
  /** The generic writer of records an effect creates (createRecord). */
  private readonly writer: ResourceWriter;

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
    private readonly reader: ResourceReader,
    private readonly hooks: RecordHookRegistry,
    private readonly handlers: TransitionHandlerRegistry,
  ) {
    this.rows = new PlatformRows(registry, db.dialect);
    this.todos = new TodoService(this.rows);
    this.writer = new ResourceWriter(registry, reader, hooks);
  }

  transitionFor(entity: EntityModel, action: string): TransitionDef | undefined {
    return this.lifecycleOf(entity)?.transitions.find((t) => t.action === action || t.aliases?.includes(action));
  }

  lifecycleOf(entity: EntityModel): LifecycleDef | undefined {
    return entity.def.lifecycle ? this.registry.lifecycle(entity.def.lifecycle) : undefined;
  }

  async run(
    entity: EntityModel,
    transition: TransitionDef,
    body: Record<string, unknown>,
    ctx: ResourceContext,
    scope?: FilterNode,
  ): Promise<ActionResult> {
    const ids = idsOf(body);
    const versionNum = body.versionNum;
    if (
      versionNum !== undefined &&
      versionNum !== null &&
      (typeof versionNum !== 'number' || !Number.isSafeInteger(versionNum) || ids.length > 1)
    ) {
      throw Errors.badRequest('versionNum 无效', 'versionNum must be an integer and goes with a single id');
    }
    const comment = commentOf(body, transition);
    const expectedVersion = typeof versionNum === 'number' ? versionNum : undefined;
    await this.db.transaction(
      async (tx) => {
        const actor: Actor = { userId: ctx.userId, userName: await this.rows.userName(tx, ctx.userId) };
        for (const id of ids) {
          try {
            // The input sits in the body next to id/ids; checked once the record is found (a foreign id is 404 whatever the body).
            await this.applyOne(tx, entity, transition, id, {
              ctx,
              scope,
              expectedVersion,
              comment,
              actor,
              input: body,
            });
          } catch (e) {
            throw ids.length > 1 ? inBatch(e, id) : e;
          }
        }
      },
      { journal: ctx.journal },
    );
    const msg = pickText(transition.label ?? { cn: '操作成功', en: 'Done' }, ctx.language);
    if (ids.length > 1) return { data: { count: ids.length }, msg };
    const row = await this.reader.byId(entity, ids[0], ctx, scope);
    return { data: row && (await this.reader.withChildren(entity, row, ctx)), msg };
  }

  /**
   * A system transition inside the caller's transaction (a handler's effect on another document,
   * e.g. a qualification completing when its last node passes): the same checks, state change,
   * history, effects and handler as a user's call, with no permission or row-scope check (the
   * server decides, not a button). The actor is ctx.userId. Throws as run() does. `only`: the
   * transition applies only while the record, as read under lock, matches it (a timer's due
   * condition, read before under no lock); otherwise RecordNoLongerDue, and nothing changes.
   * `input`: the transition's input values (checked as a user's are; defaults fill the rest).
   */
  async runInTransaction(
    tx: SqlExecutor,
    entity: EntityModel,
    action: string,
    id: number,
    ctx: ResourceContext,
    comment: string | null = null,
    only?: FilterNode,
    input: Record<string, unknown> = {},
  ): Promise<void> {
    const transition = this.transitionFor(entity, action);
    if (!transition) throw new Error(`${entity.name} has no lifecycle action "${action}"`);
    const actor: Actor = { userId: ctx.userId, userName: await this.rows.userName(tx, ctx.userId) };
    await this.applyOne(tx, entity, transition, id, { ctx, comment, actor, only, input });
  }

  /** SystemTransitions.runAsEffectOf: a handler's move of another record, as transitionRelated makes it. */
  async runAsEffectOf(cause: TransitionRun, entity: EntityModel, action: string, id: number): Promise<void> {
    if (!this.transitionFor(entity, action)) throw new Error(`${entity.name} has no lifecycle action "${action}"`);
    await this.runRelated(cause.tx, entity, action, id, cause.ctx, { cause });
  }

  /**
   * A transition another record's transitionRelated asks for, as runInTransaction runs it, knowing
   * that run (its history may name it). With ifChecksPass a refusal by the transition's checks
   * (400, 409) leaves the record as it was: a head completes once none of its lines is pending,
   * asked after each line's move. The checks only read, so nothing is undone.
   */
  private async runRelated(
    tx: SqlExecutor,
    entity: EntityModel,
    action: string,
    id: number,
    ctx: ResourceContext,
    options: { ifChecksPass?: boolean; cause: TransitionRun },
  ): Promise<void> {
    const transition = this.transitionFor(entity, action)!;
    const actor: Actor = { userId: ctx.userId, userName: await this.rows.userName(tx, ctx.userId) };
    const o = { ctx, comment: null, actor, input: {}, cause: options.cause, ifChecksPass: options.ifChecksPass };
    try {
      await this.applyOne(tx, entity, transition, id, o);
    } catch (e) {
      if (!(options.ifChecksPass && e instanceof ChecksRefused)) throw e;
    }
  }

  private async applyOne(
    tx: SqlExecutor,
    entity: EntityModel,
    t: TransitionDef,
    id: number,
    o: {
      ctx: ResourceContext;
      scope?: FilterNode;
      expectedVersion?: number;
      comment: string | null;
      actor: Actor;
      only?: FilterNode;
      /** Where the transition's input values are read (the body; a system caller's values). */
      input?: Record<string, unknown>;
      /** A refusal by the checks throws ChecksRefused (runRelated) instead of the refusal. */
      ifChecksPass?: boolean;
      /** The run whose transitionRelated effect runs this one. */
      cause?: TransitionRun;
    },
  ): Promise<void> {
    const lifecycle = this.lifecycleOf(entity)!;
    // Guards, checks and effects may compare with "$today" and "$now": the moment of this transition.
    const moment = formatDateTime();
    o = { ...o, ctx: { ...o.ctx, vars: { today: moment.slice(0, 10), now: moment, ...o.ctx.vars } } };
    const owner = await this.lockOwnerOf(tx, entity, id);
    const current = await this.reader.byId(entity, id, o.ctx, o.scope, tx, true);
    if (!current) throw Errors.recordNotFound();
    const given = transitionInput(this.registry, entity, t, o.input ?? {}, o.ctx);
    if (o.only && !evaluateFilter(o.only, current, o.ctx.vars)) throw new RecordNoLongerDue(entity.name, id);
    // The owner was read before the record's lock: a record moved to another owner meanwhile is stale.
    if (owner && String(current[owner.field] ?? '') !== owner.value) throw Errors.staleVersion();
    if (o.expectedVersion !== undefined && current.versionNum !== o.expectedVersion) throw Errors.staleVersion();
    const state = String(current[entity.statusField!] ?? '');
    if (!t.from.includes(state)) throw illegalTransition(this.registry, lifecycle, t, state);
    // Who may act comes before what the record allows: a wrong kind of user, a self-approval or
    // another's withdrawal is 403 whatever the record says.
    checkActorKind(t, o.ctx);
    const submitting = !!t.effects?.includes('stampSubmitter');
    const since = await sinceLatestSubmit(tx, this.rows, entity, lifecycle, id);
    const submitterId = submitting ? o.actor.userId : (since.submitterId ?? fieldUser(entity, current, 'submittedBy'));
    checkActor(lifecycle, t, o.actor, submitterId);
    if (t.guard && !evaluateFilter(t.guard, current, o.ctx.vars))
      throw Errors.conflict('不满足操作条件', `The conditions for "${t.action}" are not met`);
    // The checks see the record with the action's input, as it will be written.
    const input = inputValues(entity, t, given, o.ctx.language, (v) => valueOf(v, current, o, formatDateTime()));
    await runTransitionChecks(
      {
        registry: this.registry,
        rows: this.rows,
        tx,
        entity,
        id,
        record: { ...current, ...input },
        ctx: o.ctx,
        linesUnderLock: o.ifChecksPass,
      },
      t,
    ).catch((e: unknown) => {
      throw o.ifChecksPass && e instanceof ApiError && (e.httpStatus === 400 || e.httpStatus === 409)
        ? new ChecksRefused()
        : e;
    });
    const decision = isDecision(t);
    const rule = lifecycle.approvalRule;
    const stepsInForce = rule ? approvalSteps(rule, current, o.ctx.vars) : [];
    const step = decision ? since.approvals + 1 : undefined;
    const advancing = decision && !!t.advancesStep && step! < stepsInForce.length;
    const run: TransitionRun = {
      entity,
      lifecycle,
      transition: t,
      id,
      // With the values its effects read through its references ("eqHeaderId.eqNumber").
      record: await withReferencedValues({ registry: this.registry, rows: this.rows }, tx, entity, t, current),
      aggregates: await lineAggregatesOf(
        { registry: this.registry, rows: this.rows },
        { entity, id, tx, ctx: o.ctx },
        t,
      ),
      from: state,
      to: advancing ? state : t.to,
      step,
      approvalSteps: stepsInForce,
      advancing,
      comment: o.comment,
      input,
      actor: o.actor,
      submitterId,
      ctx: o.ctx,
      tx,
      cause: o.cause,
    };
    if (decision && rule) await checkStepApprover(this.rows, run, step!);
    await this.updateRecord(run);
    await linkInputFiles(this.hooks, run);
    await writeHistory(this.rows, run);
    await this.runEffects(run);
    if (t.handler)
      await this.handlers.get(t.handler)!(run, {
        registry: this.registry,
        db: this.db,
        lifecycles: this,
        hooks: this.hooks,
      });
    await this.hooks.runAfterTransition({ entity, id, action: t.action, from: state, to: run.to, ctx: o.ctx, tx });
  }

  /** Locks the record's owner (TransitionHandlerRegistry.registerOwner) before the record itself; which field and value were locked. */
  private async lockOwnerOf(
    tx: SqlExecutor,
    entity: EntityModel,
    id: number,
  ): Promise<{ field: string; value: string } | undefined> {
    const field = this.handlers.ownerFieldOf(entity.name);
    if (!field) return undefined;
    const ownerEntity = this.registry.entity(entity.field(field)?.reference?.entity ?? '');
    if (!ownerEntity) throw new Error(`The lifecycle owner field ${entity.name}.${field} is not a reference`);
    const q = tx.dialect.quote;
    const rows = await tx.select(
      `SELECT ${q(entity.field(field)!.column)} AS v FROM ${q(entity.table)} WHERE ${q(entity.field(entity.primaryKey)!.column)} = ?`,
      [id],
    );
    const value = rows[0]?.v;
    if (value !== undefined && value !== null) await lockOwner(tx, ownerEntity, Number(value));
    return { field, value: value === undefined || value === null ? '' : String(value) };
  }

  /** The versioned state change, with the submitter or approver stamped where the entity has those fields. */
  private async updateRecord(run: TransitionRun): Promise<void> {
    const { entity, transition: t, tx } = run;
    const q = tx.dialect.quote;
    const now = formatDateTime();
    // The input first: a set effect of the same field has the last word.
    const values = new Map<string, SqlParam>(Object.entries(run.input) as [string, SqlParam][]);
    values.set(entity.statusField!, run.to);
    values.set('lastUpdatedBy', run.actor.userId);
    values.set('lastUpdateDate', now);
    const stamp = (by: string, at: string) => {
      if (entity.field(by)) values.set(by, run.actor.userId);
      if (entity.field(at)) values.set(at, now);
    };
    if (t.effects?.includes('stampSubmitter')) stamp('submittedBy', 'submitDate');
    if (t.effects?.includes('stampApprover')) stamp('approvedBy', 'approveDate');
    for (const [field, value] of Object.entries(setEffectValues(run, now))) values.set(field, value);
    const set = [...values];
    const result = await tx.execute(
      `UPDATE ${q(entity.table)} SET ${set.map(([f]) => `${q(entity.field(f)!.column)} = ?`).join(', ')}, ${q('version_num')} = ${q('version_num')} + 1 ` +
        `WHERE ${q(entity.field(entity.primaryKey)!.column)} = ? AND ${q('version_num')} = ?`,
      [...set.map(([, v]) => v), run.id, run.record.versionNum as number],
    );
    if (result.affected === 0) throw Errors.staleVersion();
  }

  private async runEffects(run: TransitionRun): Promise<void> {
    const effects = new Set(run.transition.effects ?? []);
    const meaning = (state: string) => stateMeaning(this.registry, run.lifecycle, state);
    if (effects.has('closeApprovalTodo')) await closeApprovalTodos(this.todos, run, isDecision(run.transition));
    if (effects.has('createApprovalTodo')) await createApprovalTodos(this.rows, this.todos, run, 1, meaning);
    // An approval with further steps hands the document on instead of finishing it.
    if (run.advancing) await createApprovalTodos(this.rows, this.todos, run, run.step! + 1, meaning);
    if (effects.has('notifySubmitter') && !run.advancing) await notifySubmitter(this.todos, run, meaning);
    const deps: EffectDeps = {
      registry: this.registry,
      rows: this.rows,
      todos: this.todos,
      writer: this.writer,
      stateMeaning: meaning,
      runTransition: (tx, entity, action, id, ctx, options) => this.runRelated(tx, entity, action, id, ctx, options),
    };
    await runDeclaredEffects(deps, run, formatDateTime());
  }
}

/** The transition's checks refused the record (transitionRelated ifChecksPass): nothing was written. */
class ChecksRefused extends Error {}

/** runInTransaction's `only` no longer holds under lock: changed or moved on since it was selected. */
export class RecordNoLongerDue extends Error {
  constructor(entity: string, id: number) {
    super(`${entity} ${id} no longer matches the condition it was selected by`);
  }
}

function fieldUser(entity: EntityModel, row: Row, field: string): number | null {
  const value = entity.field(field) ? row[field] : undefined;
  return value === undefined || value === null ? null : Number(value);
}
