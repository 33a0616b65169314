/**
 * The named actions of the price adjustment (DOMAIN.md §3, resource srmSmlAdjustmentHeadRestful):
 * compAdjustment {id} recomputes every line's new price by its formula; viewJSGS
 * {adjustmentLineId | adjustmentHeadId} shows the formulas with their values; confirmAdjustment
 * {id, agree: Y|N, supplierComment?} is the supplier's answer; findPresetProportion
 * {itemId, supplierId?, date?} reads the preset proportions. Every read goes through the caller's
 * row scope (another supplier's adjustment is not found: 404).
 */
import type { JsonSchema } from '@meridian/metadata';
import { isSupplierType } from '../../../access/accessService';
import type { Row } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import { eitherIdInput, idFrom, recordIdInput } from '../../../platform/actionInput';
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

const HEAD_ID = ['id', 'adjustmentHeadId'];
const NULLABLE_ID: JsonSchema = { type: ['integer', 'null'], minimum: 1 };
const DATE_OR_EMPTY: JsonSchema = { anyOf: [{ type: 'string', format: 'date' }, { enum: ['', null] }] };

/** Each action's body, checked by the platform before the handler (400 naming the field). */
const INPUTS: Record<string, JsonSchema> = {
  compAdjustment: eitherIdInput(HEAD_ID),
  // A line, or an adjustment's every line: the spec's pages send one id or the other (null for the unused one).
  viewJSGS: {
    type: 'object',
    anyOf: ['adjustmentLineId', 'adjustmentHeadId', 'id'].map((f) => ({
      required: [f],
      properties: { [f]: { type: 'integer' } },
    })),
    properties: { adjustmentLineId: NULLABLE_ID, adjustmentHeadId: NULLABLE_ID, id: NULLABLE_ID },
  },
  confirmAdjustment: {
    ...eitherIdInput(HEAD_ID, {
      agree: { enum: ['Y', 'N'] },
      supplierComment: { type: ['string', 'null'], maxLength: 2000 },
    }),
    required: ['agree'],
  },
  findPresetProportion: recordIdInput('itemId', {
    supplierId: NULLABLE_ID,
    date: DATE_OR_EMPTY,
    effectiveDate: DATE_OR_EMPTY,
  }),
};

const insideOnly = (req: ActionRequest) => {
  if (isSupplierType(req.identity!.user.userType)) throw declaredError('price.internalOnly');
};

async function compAdjustment(
  store: AdjustmentStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  insideOnly(req);
  const id = idFrom(body, HEAD_ID);
  const model = store.model(HEAD);
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    if (!(await lockOwner(tx, model, id))) throw Errors.recordNotFound();
    const row = await store.reader.byId(model, id, ctx, scope, tx);
    if (!row) throw Errors.recordNotFound();
    if (!EDITABLE.includes(String(row.status)))
      throw declaredError('price.notRecomputable', { number: row.adjustmentNumber, status: row.status });
    const head = await store.withLines(tx, row, ctx);
    const lines = head.lines.map((l) => ({ ...l }));
    await fillInputs(store, tx, headInputs(head), lines);
    computeLines(lines, true);
    for (const [i, line] of lines.entries()) {
      const values = Object.fromEntries(COMPUTED_LINE_FIELDS.map((name) => [name, line[name]]));
      await store.updateLine(tx, Number(line.adjustmentLineId), values, ctx, `lines[${i}].`);
    }
    await store.setFields(tx, HEAD, id, { totalImpactAmount: totalImpact(lines) }, ctx);
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
  if (typeof body.adjustmentLineId === 'number') {
    lineId = body.adjustmentLineId;
    const lineScope = await kernel.auth.guard.rowScope(req.identity!, store.model(LINE), true, ctx);
    const line = await store.reader.byId(store.model(LINE), lineId, ctx, lineScope);
    if (!line) throw Errors.recordNotFound();
    headId = Number(line.adjustmentHeadId);
  } else headId = idFrom(body, ['adjustmentHeadId', 'id']);
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
  if (!isSupplierType(req.identity!.user.userType)) throw declaredError('price.supplierOnly');
  const id = idFrom(body, HEAD_ID);
  const comment = (body.supplierComment as string | null | undefined)?.trim() || null;
  if (body.agree === 'N' && !comment)
    throw declaredError('price.disagreeWithoutComment', {}, [{ field: 'supplierComment', message: 'required / 必填' }]);
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
  const itemId = body.itemId as number;
  const supplierId = (body.supplierId as number | null | undefined) ?? null;
  const date = (body.date ?? body.effectiveDate) as string | null | undefined;
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
      input: INPUTS[action],
      handler: (body, ctx, kernel, req) => fn(store, body, ctx, kernel, req!),
    });
  add('compAdjustment', PAGES, 'btnCompute', compAdjustment);
  add('viewJSGS', PAGES, 'btnViewFormula', viewJSGS);
  add('confirmAdjustment', PAGES, 'btnConfirmAdjustment', confirmAdjustment);
  add('findPresetProportion', [...PAGES, 'srmSmlPresetProportionList'], undefined, findPresetProportion);
}
