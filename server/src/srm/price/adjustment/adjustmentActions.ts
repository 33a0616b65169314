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
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { ActionHandler, ActionRequest, Kernel } from '../../../kernel';
import { eitherIdInput, idFrom, OPTIONAL_ID, recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { assertWrittenValues } from '../../../resource/writtenValues';
import { fillInputs } from './adjustmentInputs';
import { computeLines, explainLine, totalImpact } from './adjustmentMath';
import { HEAD, LINE, type AdjustmentStore } from './adjustmentStore';

const RESOURCE = 'srmSmlAdjustmentHeadRestful';
const PAGES = ['srmSmlAdjustmentHeadList', 'SmlAdjustmentHead/SmlAdjustmentHeadEdit'];
const EDITABLE = ['DRAFT', 'REJECTED', 'SUPPLIER_REJECTED'];

const HEAD_ID = ['id', 'adjustmentHeadId'];
const DATE_OR_EMPTY: JsonSchema = { anyOf: [{ type: 'string', format: 'date' }, { enum: ['', null] }] };

// A line, or an adjustment's every line: the spec's pages send one id or the other (null for the unused one).
const VIEW_INPUT: JsonSchema = {
  type: 'object',
  anyOf: ['adjustmentLineId', 'adjustmentHeadId', 'id'].map((f) => ({
    required: [f],
    properties: { [f]: { type: 'integer' } },
  })),
  properties: { adjustmentLineId: OPTIONAL_ID, adjustmentHeadId: OPTIONAL_ID, id: OPTIONAL_ID },
};
const CONFIRM_INPUT: JsonSchema = {
  ...eitherIdInput(HEAD_ID, {
    agree: { enum: ['Y', 'N'] },
    supplierComment: { type: ['string', 'null'], maxLength: 2000 },
  }),
  required: ['agree'],
};
const PRESET_INPUT = recordIdInput('itemId', {
  supplierId: OPTIONAL_ID,
  date: DATE_OR_EMPTY,
  effectiveDate: DATE_OR_EMPTY,
});

const insideOnly = (req: ActionRequest) => {
  if (isSupplierType(req.identity!.user.userType)) throw declaredError('price.internalOnly');
};

export function registerAdjustmentActions(store: AdjustmentStore, actions: ActionRegistry): void {
  const add = (action: string, resourceCode: string | undefined, input: JsonSchema, handler: ActionHandler) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access: resourceCode ? { pages: PAGES, resourceCode } : { pages: [...PAGES, 'srmSmlPresetProportionList'] },
      input,
      handler,
    });
  /** The caller's row scope on `entity` (to change, unless `reading`): its records, 404 for one outside. */
  const scopeOf = async (kernel: Kernel, req: ActionRequest, ctx: ResourceContext, entity: string, reading = true) => {
    const model = store.model(entity);
    const scope = await kernel.auth.guard.rowScope(req.identity!, model, reading, ctx);
    return {
      read: async (id: number, tx?: SqlExecutor) => {
        const row = await store.reader.byId(model, id, ctx, scope, tx);
        if (!row) throw Errors.recordNotFound();
        return row;
      },
      found: (id: number) => kernel.resources.findById(model, id, ctx, scope),
    };
  };

  add('compAdjustment', 'btnCompute', eitherIdInput(HEAD_ID), async (body, ctx, kernel, req) => {
    insideOnly(req);
    const id = idFrom(body, HEAD_ID);
    const heads = await scopeOf(kernel, req, ctx, HEAD, false);
    await kernel.db.transaction(async (tx) => {
      if (!(await lockOwner(tx, store.model(HEAD), id))) throw Errors.recordNotFound();
      const row = await heads.read(id, tx);
      if (!EDITABLE.includes(String(row.status)))
        throw declaredError('price.notRecomputable', { number: row.adjustmentNumber, status: row.status });
      const head = await store.withLines(tx, row, ctx);
      const lines = head.lines.map((l) => ({ ...l }));
      await fillInputs(store, tx, head, lines);
      computeLines(lines, true);
      // What the computation changed on each line, within the fields' bounds.
      for (const [i, line] of lines.entries()) {
        const changed = Object.fromEntries(
          Object.entries(line).filter(([name, value]) => value !== head.lines[i][name]),
        ) as Record<string, SqlParam>;
        assertWrittenValues(store.model(LINE), changed, ctx.language, [], `lines[${i}].`);
        if (Object.keys(changed).length) await store.setFields(tx, LINE, Number(line.adjustmentLineId), changed, ctx);
      }
      await store.setFields(tx, HEAD, id, { totalImpactAmount: totalImpact(lines) }, ctx);
    });
    return { data: await heads.found(id) };
  });

  add('viewJSGS', 'btnViewFormula', VIEW_INPUT, async (body, ctx, kernel, req) => {
    const lineId = typeof body.adjustmentLineId === 'number' ? body.adjustmentLineId : undefined;
    const heads = await scopeOf(kernel, req, ctx, HEAD);
    const headId = lineId
      ? Number((await (await scopeOf(kernel, req, ctx, LINE)).read(lineId)).adjustmentHeadId)
      : idFrom(body, ['adjustmentHeadId', 'id']);
    const row = await heads.read(headId);
    const head = await kernel.db.transaction((tx) => store.withLines(tx, row, ctx));
    const explained = head.lines.filter((l) => !lineId || Number(l.adjustmentLineId) === lineId).map(explainLine);
    return { data: lineId ? explained[0] : explained };
  });

  add('confirmAdjustment', 'btnConfirmAdjustment', CONFIRM_INPUT, async (body, ctx, kernel, req) => {
    if (!isSupplierType(req.identity!.user.userType)) throw declaredError('price.supplierOnly');
    const id = idFrom(body, HEAD_ID);
    const comment = (body.supplierComment as string | null | undefined)?.trim() || null;
    if (body.agree === 'N' && !comment)
      throw declaredError('price.disagreeWithoutComment', {}, [
        { field: 'supplierComment', message: 'required / 必填' },
      ]);
    const action = body.agree === 'Y' ? 'doSupplierAgree' : 'doSupplierDisagree';
    const heads = await scopeOf(kernel, req, ctx, HEAD, false);
    await kernel.db.transaction(async (tx) => {
      await heads.read(id, tx);
      await kernel.lifecycles.runInTransaction(tx, store.model(HEAD), action, id, ctx, comment);
    });
    return { data: await heads.found(id) };
  });

  add('findPresetProportion', undefined, PRESET_INPUT, async (body, _ctx, kernel, req) => {
    insideOnly(req);
    const itemId = body.itemId as number;
    const supplierId = (body.supplierId as number | null | undefined) ?? null;
    const onDate = ((body.date ?? body.effectiveDate) as string | null | undefined) || null;
    return { data: await kernel.db.transaction((tx) => store.presets(tx, { itemId, supplierId, onDate })) };
  });
}
