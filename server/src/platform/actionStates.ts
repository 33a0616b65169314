import type { Database, Row, SqlExecutor } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { ActionRequest, ActionStates, Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import { lockOwner } from '../resource/invariantLocks';

/**
 * Declared states of a custom action (`RegisteredAction.states`, docs/developer-guide.md "Custom
 * actions"): the record named by the body must be one the caller may read (404 otherwise, as a
 * handler's own read answers) and in one of the states (409 otherwise). Checked once before the
 * handler, so that nothing runs on a refused record, and again at the start of every transaction
 * the handler opens through its kernel's db, under the row's lock, so that the state the writes
 * rely on cannot change between the check and the commit.
 */
type Check = (tx?: SqlExecutor) => Promise<void>;

function refusal(states: ActionStates, field: string, row: Row, label: { cn: string; en: string }) {
  if (states.refusal) return states.refusal(row);
  const state = String(row[field]);
  return {
    cn: `${label.cn}当前状态（${state}）不能执行此操作`,
    en: `The ${label.en} is ${state}: this action is allowed only when it is ${states.in.join(', ')}`,
  };
}

function idFieldsOf(states: ActionStates): readonly string[] {
  return typeof states.id === 'string' ? [states.id] : (states.id ?? ['id']);
}

function holds(states: ActionStates, field: string, row: Row): boolean {
  if (!states.in.includes(String(row[field]))) return false;
  return Object.entries(states.also ?? {}).every(([f, values]) => values.includes(String(row[f])));
}

/** The check of an action's declared states for one call. */
export function stateCheck(
  kernel: Kernel,
  states: ActionStates,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  req: ActionRequest,
): Check {
  const entity = kernel.registry.entity(states.entity);
  const field = states.field ?? entity?.def.statusField;
  if (!entity || !field) throw new Error(`Action states name ${states.entity}, which has no state field`);
  const idFields = idFieldsOf(states);
  const idField = idFields.find((f) => body[f] !== undefined && body[f] !== null) ?? idFields[0];
  const id = Number(body[idField]);
  if (!Number.isSafeInteger(id) || id < 1)
    throw Errors.badRequest(`${idField} 无效`, `${idField} is not valid`, [{ field: idField, message: 'invalid' }]);
  let scope: Promise<Awaited<ReturnType<Kernel['auth']['guard']['rowScope']>>> | undefined;
  return async (tx) => {
    // The rows the caller may read: another supplier's record answers 404, never its state.
    scope ??= req.identity ? kernel.auth.guard.rowScope(req.identity, entity, true, ctx) : Promise.resolve(undefined);
    // Inside a transaction, the row's write lock first (an UPDATE on SQLite, which has no FOR UPDATE):
    // a writer in another process waits until this transaction ends instead of changing the state under it.
    if (tx) await lockOwner(tx, entity, id);
    const row = await kernel.resources.reader.byId(entity, id, ctx, await scope, tx);
    if (!row) throw Errors.recordNotFound();
    if (!holds(states, field, row)) {
      const { cn, en } = refusal(states, field, row, entity.def.label);
      throw Errors.conflict(cn, en);
    }
  };
}

/** Checks once now, then answers the action's db, each of whose transactions starts with the check. */
export async function checkingDb(db: Database, check: Check): Promise<Database> {
  await check();
  const checking = Object.create(db) as Database;
  checking.transaction = (fn, options) =>
    db.transaction(async (tx) => {
      await check(tx);
      return fn(tx);
    }, options);
  return checking;
}

/** What the API description says of an action's states. */
export function statesText(states: ActionStates): string {
  const also = Object.entries(states.also ?? {}).map(([f, values]) => ` and ${f} in ${values.join(', ')}`);
  return `Allowed only while the ${states.entity} named by \`${idFieldsOf(states).join('` or `')}\` has ${states.field ?? 'its status'} in ${states.in.join(', ')}${also.join('')} (409 otherwise).`;
}
