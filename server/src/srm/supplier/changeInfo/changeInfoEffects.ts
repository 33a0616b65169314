import { userKind } from '@meridian/metadata';
import type { Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { SaveDraft } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { ResourceContext } from '../../../resource/context';
import { BASIC_FIELDS, CHANGE, SUPPLIER, type ChangeInfoStore, type ChildTarget } from './changeInfoStore';

type Snapshot = Record<string, unknown> & { versionNum?: number };
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * On save: which side asked for the change (SYS_USER_TYPE: a supplier user for its own company, or
 * an internal user on its behalf), and the change lines' operations and original rows.
 */
export async function prepareChange(store: ChangeInfoStore, draft: SaveDraft): Promise<void> {
  const userType = (draft.ctx.vars.user as { userType?: string } | undefined)?.userType ?? '';
  draft.values.applicantUserType = userKind(userType);
  for (const target of store.targets) checkOperations(draft.children[target.child] ?? [], target);
  const supplierId =
    draft.values.supplierId ??
    (draft.id
      ? (await store.reader.byId(store.model(CHANGE), draft.id, draft.ctx, undefined, draft.tx))?.supplierId
      : undefined);
  for (const target of store.targets) await checkSources(store, draft, target, Number(supplierId));
}

/** UPDATE and DELETE lines must name a row of this supplier's master (the picker lists every supplier's rows to internal users). */
async function checkSources(
  store: ChangeInfoStore,
  draft: SaveDraft,
  target: ChildTarget,
  supplierId: number,
): Promise<void> {
  const lines = draft.children[target.child] ?? [];
  const wanted = [
    ...new Set(lines.map((l) => l[target.sourceField]).filter((v): v is number => typeof v === 'number')),
  ];
  if (!wanted.length) return;
  const owned = await store.ownRows(draft.tx, target, supplierId, wanted);
  const errors = lines.flatMap((line, i) =>
    typeof line[target.sourceField] === 'number' && !owned.has(line[target.sourceField] as number)
      ? [sourceError(target, i, 'not a row of this supplier / 不是该供应商的记录')]
      : [],
  );
  if (errors.length) throw Errors.validation(errors);
}

/** The error of a change line's source field (`contacts[2].sourceContactId`). */
const sourceError = (target: ChildTarget, i: number, message: string) => ({
  field: `${target.child}[${i}].${target.sourceField}`,
  message,
});

/** ADD lines name no master row; UPDATE and DELETE lines must name the one they change. */
function checkOperations(lines: Record<string, unknown>[], target: ChildTarget): void {
  const errors = lines.flatMap((line, i) => {
    const source = line[target.sourceField];
    if (line.operationType === 'ADD' && !blank(source))
      return [sourceError(target, i, 'a new row names no original / 新增行不能指定原记录')];
    if (line.operationType !== 'ADD' && blank(source))
      return [sourceError(target, i, 'required for update and delete / 修改和删除必须指定原记录')];
    return [];
  });
  if (errors.length) throw Errors.validation(errors);
}

/**
 * Submit: the change must change something. (Only one change per supplier under approval is the
 * declared noOther check of slcChangeInfo.json, read under the supplier's lock, the lifecycle's
 * owner (changeInfoActions.ts), so two submits at once see each other.) The master's basic values and versionNum are kept as basicBefore, the new ones as
 * basicAfter, so the approver sees both and approval can detect a master edited meanwhile.
 */
export async function submitChangeInfo(store: ChangeInfoStore, run: TransitionRun): Promise<void> {
  const { tx, ctx, id } = run;
  const change = await store.reader.withChildren(store.model(CHANGE), { ...run.record }, ctx, tx);
  const supplierId = Number(change.supplierId);
  const after = Object.fromEntries(
    BASIC_FIELDS.filter((f) => !blank(change[f])).map((f) => [f, String(change[f]).trim()]),
  );
  const lines = store.targets.reduce((n, target) => n + (change[target.child] as Row[]).length, 0);
  if (!Object.keys(after).length && !lines) {
    throw declaredError('supplier.changeChangesNothing');
  }
  for (const target of store.targets) await stampSourceVersions(store, tx, ctx, target, change[target.child] as Row[]);
  const master = await store.supplier(tx, supplierId, ctx);
  if (!master) throw declaredError('supplier.changeSupplierGone');
  const before: Snapshot = Object.fromEntries(BASIC_FIELDS.map((f) => [f, master[f] ?? null]));
  before.versionNum = Number(master.versionNum);
  await store.rows.update(
    tx,
    CHANGE,
    { basicBefore: JSON.stringify(before), basicAfter: JSON.stringify(after) },
    { changeInfoId: id },
    ctx.userId,
  );
}

/**
 * Approve: basicAfter and every contact/account line are written into the supplier master in the
 * approval's transaction. The master must still be at the version seen on submit, else 409 and
 * nothing is written (someone changed it meanwhile: the supplier submits again against the new values).
 */
export async function applyChangeInfo(store: ChangeInfoStore, run: TransitionRun): Promise<void> {
  const { tx, ctx } = run;
  const change = await store.reader.withChildren(store.model(CHANGE), { ...run.record }, ctx, tx);
  const supplierId = Number(change.supplierId);
  const before = parse(change.basicBefore);
  const after = parse(change.basicAfter) as Record<string, SqlParam>;
  const written = await store.rows.update(
    tx,
    SUPPLIER,
    after,
    { supplierId, versionNum: before.versionNum ?? -1 },
    ctx.userId,
  );
  if (written === 0) {
    throw declaredError('supplier.changeMasterEdited');
  }
  for (const target of store.targets) {
    for (const line of change[target.child] as Row[]) await applyLine(store, tx, ctx, supplierId, target, line);
  }
}

/**
 * Each UPDATE/DELETE line keeps the version of the master row it changes, as the supplier's
 * versionNum is kept in basicBefore: approval writes the row only if it is still at that version.
 */
async function stampSourceVersions(
  store: ChangeInfoStore,
  tx: SqlExecutor,
  ctx: ResourceContext,
  target: ChildTarget,
  lines: Row[],
): Promise<void> {
  const sourced = lines.filter((l) => typeof l[target.sourceField] === 'number');
  const versions = await store.versions(tx, target, [...new Set(sourced.map((l) => l[target.sourceField] as number))]);
  const line = target.line;
  for (const l of sourced) {
    const version = versions.get(l[target.sourceField] as number);
    if (version === undefined) throw declaredError('supplier.changeSourceGone', { sourceId: l[target.sourceField] });
    await store.rows.update(
      tx,
      line.name,
      { sourceVersionNum: version },
      { [line.primaryKey]: Number(l[line.primaryKey]) },
      ctx.userId,
    );
  }
}

function parse(value: unknown): Snapshot {
  if (value && typeof value === 'object') return value as Snapshot;
  return typeof value === 'string' && value ? (JSON.parse(value) as Snapshot) : {};
}

/**
 * One line: ADD inserts a master row, UPDATE overwrites it, DELETE disables it (kept for documents
 * that name it) or, for credentials and tax records, removes it. UPDATE and DELETE touch the row
 * only at the version stamped on submit: a row edited since gives 409 and the approval writes nothing.
 */
async function applyLine(
  store: ChangeInfoStore,
  tx: SqlExecutor,
  ctx: ResourceContext,
  supplierId: number,
  target: ChildTarget,
  line: Row,
): Promise<void> {
  const model = store.model(target.master);
  const values: Record<string, SqlParam> = {};
  for (const field of model.fields) {
    if (field.system || field.name === model.primaryKey || field.name === 'supplierId' || field.name === 'enabledFlag')
      continue;
    if (line[field.name] !== undefined) values[field.name] = line[field.name] as SqlParam;
  }
  if (line.operationType === 'ADD') {
    const enabled = target.softDelete ? { enabledFlag: 'Y' } : {};
    const id = await store.writer.insert(tx, model, { ...values, supplierId, ...enabled }, ctx);
    await store.moveAttachments(tx, ctx, target.line, line, model, id);
    return;
  }
  const sourceId = Number(line[target.sourceField]);
  if ((await writeSource(store, tx, ctx, supplierId, target, line, values)) === 0)
    throw declaredError('supplier.changeSourceEdited', { sourceId });
  if (line.operationType === 'UPDATE') await store.moveAttachments(tx, ctx, target.line, line, model, sourceId);
}

/** UPDATE or DELETE of the line's master row, only at the version stamped on submit and only a row of the supplier. */
function writeSource(
  store: ChangeInfoStore,
  tx: SqlExecutor,
  ctx: ResourceContext,
  supplierId: number,
  target: ChildTarget,
  line: Row,
  values: Record<string, SqlParam>,
): Promise<number> {
  const sourceId = Number(line[target.sourceField]);
  const version =
    line.sourceVersionNum === null || line.sourceVersionNum === undefined ? -1 : Number(line.sourceVersionNum);
  if (line.operationType === 'DELETE' && !target.softDelete)
    return store.remove(tx, target, sourceId, supplierId, version);
  const changes = line.operationType === 'DELETE' ? { enabledFlag: 'N' } : values;
  // The supplier condition keeps a change from reaching another supplier's rows.
  return store.rows.update(
    tx,
    target.master,
    changes,
    { [target.masterKey]: sourceId, supplierId, versionNum: version },
    ctx.userId,
  );
}
