/**
 * The named actions of the price adjustment (DOMAIN.md §3, resource srmSmlAdjustmentHeadRestful):
 * compAdjustment {id} recomputes every line's new price by its formula; viewJSGS
 * {adjustmentLineId | adjustmentHeadId} shows the formulas with their values; confirmAdjustment
 * {id, agree: Y|N, supplierComment?} is the supplier's answer; findPresetProportion
 * {itemId, supplierId?, date?} reads the preset proportions. Every read goes through the caller's
 * row scope (another supplier's adjustment is not found: 404).
 */
import { isSupplierType } from '../../../access/accessService';
import type { Row } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { computeLines, fillInputs, headInputs } from './adjustmentInputs';
import { explainLine, totalImpact } from './adjustmentMath';
import { HEAD, LINE, type AdjustmentStore } from './adjustmentStore';

/** The line fields compAdjustment fills and recomputes, written back to each line. */
const COMPUTED_LINE_FIELDS = [
  'itemCode',
  'rawMaterialCode',
  'proportion',
  'baseIndexPrice',
  'currentIndexPrice',
  'oldPrice',
  'newPrice',
  'taxRate',
  'changeRate',
  'impactAmount',
] as const;

const RESOURCE = 'srmSmlAdjustmentHeadRestful';

type Handler = (
  store: AdjustmentStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) => Promise<{ data: unknown }>;
const PAGES = ['srmSmlAdjustmentHeadList', 'SmlAdjustmentHead/SmlAdjustmentHeadEdit'];
const EDITABLE = ['DRAFT', 'REJECTED', 'SUPPLIER_REJECTED'];

export const positiveId = (value: unknown, field: string): number => {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest(`${field} 无效`, `${field} must be a positive integer`, [
      { field, message: 'positive integer' },
    ]);
  return n;
};

const insideOnly = (req: ActionRequest) => {
  if (isSupplierType(req.identity!.user.userType))
    throw Errors.forbidden('供应商不能执行此操作', 'Suppliers cannot do this');
};

async function compAdjustment(
  store: AdjustmentStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  insideOnly(req);
  const id = positiveId(body.id ?? body.adjustmentHeadId, 'id');
  const model = store.model(HEAD);
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    if (!(await lockOwner(tx, model, id))) throw Errors.recordNotFound();
    const row = await store.reader.byId(model, id, ctx, scope, tx);
    if (!row) throw Errors.recordNotFound();
    if (!EDITABLE.includes(String(row.status)))
      throw Errors.conflict(
        `调价单 ${String(row.adjustmentNumber)} 状态为 ${String(row.status)}，不能重新计算`,
        `Price adjustment ${String(row.adjustmentNumber)} is ${String(row.status)}: its prices cannot be recomputed`,
      );
    const head = await store.withLines(tx, row, ctx);
    const lines = head.lines.map((l) => ({ ...l }));
    await fillInputs(store, tx, headInputs(head), lines);
    computeLines(lines, true);
    for (const [i, line] of lines.entries()) {
      const values = Object.fromEntries(COMPUTED_LINE_FIELDS.map((name) => [name, line[name]]));
      await store.updateLine(tx, Number(line.adjustmentLineId), values, ctx, `lines[${i}].`);
    }
    await store.updateHead(tx, id, { totalImpactAmount: totalImpact(lines) }, ctx);
  });
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

async function viewJSGS(
  store: AdjustmentStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const headModel = store.model(HEAD);
  const headScope = await kernel.auth.guard.rowScope(req.identity!, headModel, true, ctx);
  let headId: number;
  let lineId: number | undefined;
  if (body.adjustmentLineId !== undefined && body.adjustmentLineId !== null) {
    lineId = positiveId(body.adjustmentLineId, 'adjustmentLineId');
    const lineScope = await kernel.auth.guard.rowScope(req.identity!, store.model(LINE), true, ctx);
    const line = await store.reader.byId(store.model(LINE), lineId, ctx, lineScope);
    if (!line) throw Errors.recordNotFound();
    headId = Number(line.adjustmentHeadId);
  } else headId = positiveId(body.adjustmentHeadId ?? body.id, 'adjustmentHeadId');
  const head = await store.reader.byId(headModel, headId, ctx, headScope);
  if (!head) throw Errors.recordNotFound();
  const full = await kernel.db.transaction((tx) => store.withLines(tx, head, ctx));
  const lines = full.lines.filter((l: Row) => lineId === undefined || Number(l.adjustmentLineId) === lineId);
  const explained = lines.map(explainLine);
  return { data: lineId === undefined ? explained : explained[0] };
}

async function confirmAdjustment(
  store: AdjustmentStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  if (!isSupplierType(req.identity!.user.userType))
    throw Errors.forbidden('只有供应商可以确认调价', 'Only the supplier can confirm a price adjustment');
  const id = positiveId(body.id ?? body.adjustmentHeadId, 'id');
  if (body.agree !== 'Y' && body.agree !== 'N')
    throw Errors.badRequest('agree 应为 Y（同意）或 N（不同意）', 'agree must be Y (agree) or N (disagree)', [
      { field: 'agree', message: 'Y | N' },
    ]);
  const comment =
    typeof body.supplierComment === 'string' && body.supplierComment.trim() ? body.supplierComment.trim() : null;
  if (comment && comment.length > 2000)
    throw Errors.badRequest('供应商意见过长', 'supplierComment is too long (at most 2000 characters)', [
      { field: 'supplierComment', message: 'at most 2000 characters' },
    ]);
  if (body.agree === 'N' && !comment)
    throw Errors.badRequest('不同意时请填写供应商意见', 'Say why you disagree (supplierComment)', [
      { field: 'supplierComment', message: 'required / 必填' },
    ]);
  const model = store.model(HEAD);
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    const row = await store.reader.byId(model, id, ctx, scope, tx);
    if (!row) throw Errors.recordNotFound();
    await kernel.lifecycles.runInTransaction(
      tx,
      model,
      body.agree === 'Y' ? 'doSupplierAgree' : 'doSupplierDisagree',
      id,
      ctx,
      comment,
    );
  });
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

async function findPresetProportion(
  store: AdjustmentStore,
  body: Record<string, unknown>,
  _ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  insideOnly(req);
  const itemId = positiveId(body.itemId, 'itemId');
  const supplierId =
    body.supplierId === undefined || body.supplierId === null || body.supplierId === ''
      ? null
      : positiveId(body.supplierId, 'supplierId');
  const date = body.date ?? body.effectiveDate;
  if (
    date !== undefined &&
    date !== null &&
    date !== '' &&
    !(typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))
  )
    throw Errors.badRequest('日期格式应为 yyyy-MM-dd', 'date must be yyyy-MM-dd', [
      { field: 'date', message: 'yyyy-MM-dd' },
    ]);
  const rows = await kernel.db.transaction((tx) =>
    store.presets(tx, { itemId, supplierId, onDate: (date as string) || null }),
  );
  return { data: rows };
}

export function registerAdjustmentActions(store: AdjustmentStore, actions: ActionRegistry): void {
  const add = (action: string, pages: string[], resourceCode: string | undefined, fn: Handler) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: resourceCode ? { pages, resourceCode } : { pages },
      handler: (body, ctx, kernel, req) => fn(store, body, ctx, kernel, req!),
    });
  add('compAdjustment', PAGES, 'btnCompute', compAdjustment);
  add('viewJSGS', PAGES, 'btnViewFormula', viewJSGS);
  add('confirmAdjustment', PAGES, 'btnConfirmAdjustment', confirmAdjustment);
  add('findPresetProportion', [...PAGES, 'srmSmlPresetProportionList'], undefined, findPresetProportion);
}
