import type { EntityModel } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ResourceContext } from '../resource/context';

export type RecordValues = Record<string, unknown>;

/** What a beforeSave hook sees: the prepared header values and, when the body carried them, its lines. */
export interface SaveDraft {
  entity: EntityModel;
  values: RecordValues;
  children: Record<string, RecordValues[] | undefined>;
  /** The stored key of each line of `children`, in the same order (undefined: a new line) — a hook that rules per line needs it. */
  childIds?: Record<string, (number | undefined)[] | undefined>;
  creating: boolean;
  /** The record's key when updating. */
  id?: number;
  ctx: ResourceContext;
  /** The saving transaction: hooks read master data consistently with the write. */
  tx: SqlExecutor;
  /**
   * The values were declared in metadata (a lifecycle's createRecord effect), not sent by a user: a
   * hook that overrides what a user may not choose (a price's source) leaves them as declared.
   */
  declared?: boolean;
}

export type BeforeSaveHook = (draft: SaveDraft) => void | Promise<void>;

/** What an afterTransition hook sees: the record moved from one state to another, inside the transaction. */
export interface TransitionDone {
  entity: EntityModel;
  id: number;
  action: string;
  from: string;
  to: string;
  ctx: ResourceContext;
  tx: SqlExecutor;
}

export type AfterTransitionHook = (done: TransitionDone) => void | Promise<void>;

/** What an afterSave listener sees: a header or line just written, inside the saving transaction. */
export interface SaveDone {
  entity: EntityModel;
  id: number;
  /** The values the save wrote (only the fields the body carried, on an update). */
  values: RecordValues;
  ctx: ResourceContext;
  tx: SqlExecutor;
}

export type AfterSaveListener = (done: SaveDone) => void | Promise<void>;

/** What a beforeDelete hook sees: the locked stored row about to be deleted with its lines, inside the transaction. */
export interface DeleteDraft {
  entity: EntityModel;
  id: number;
  current: RecordValues;
  ctx: ResourceContext;
  tx: SqlExecutor;
}

export type BeforeDeleteHook = (draft: DeleteDraft) => void | Promise<void>;

/**
 * Server-side record hooks by entity name: the place for derived values (line amounts, totals)
 * that metadata cannot express. Registration refuses a second hook for the same entity.
 */
export class RecordHookRegistry {
  private readonly beforeSave = new Map<string, BeforeSaveHook>();
  private readonly afterTransition = new Map<string, AfterTransitionHook>();
  private readonly afterSave: AfterSaveListener[] = [];
  private readonly beforeDelete = new Map<string, BeforeDeleteHook>();

  registerBeforeSave(entityName: string, hook: BeforeSaveHook): void {
    if (this.beforeSave.has(entityName)) throw new Error(`A beforeSave hook for "${entityName}" is already registered`);
    this.beforeSave.set(entityName, hook);
  }

  async runBeforeSave(draft: SaveDraft): Promise<void> {
    await this.beforeSave.get(draft.entity.name)?.(draft);
  }

  /** A rule a delete must pass beyond deletableWhen (a row other data depends on); it throws to refuse. */
  registerBeforeDelete(entityName: string, hook: BeforeDeleteHook): void {
    if (this.beforeDelete.has(entityName))
      throw new Error(`A beforeDelete hook for "${entityName}" is already registered`);
    this.beforeDelete.set(entityName, hook);
  }

  async runBeforeDelete(draft: DeleteDraft): Promise<void> {
    await this.beforeDelete.get(draft.entity.name)?.(draft);
  }

  /**
   * A listener for every entity's saves (cross-cutting work such as linking uploaded attachments
   * to the record that lists them); listeners run in registration order.
   */
  onAfterSave(listener: AfterSaveListener): void {
    this.afterSave.push(listener);
  }

  async runAfterSave(done: SaveDone): Promise<void> {
    for (const listener of this.afterSave) await listener(done);
  }

  registerAfterTransition(entityName: string, hook: AfterTransitionHook): void {
    if (this.afterTransition.has(entityName))
      throw new Error(`An afterTransition hook for "${entityName}" is already registered`);
    this.afterTransition.set(entityName, hook);
  }

  async runAfterTransition(done: TransitionDone): Promise<void> {
    await this.afterTransition.get(done.entity.name)?.(done);
  }
}
