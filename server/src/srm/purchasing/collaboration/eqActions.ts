/**
 * Named actions of the engineering query (DOMAIN.md §5.8, srmPurEqHeaderRestful) and its promotion:
 *
 * - listSupplierContact {supplierId}: the supplier's enabled contacts (srmSlcSupplierContact) for the
 *   EQ form; a supplier user gets its own supplier's whatever it asks.
 * - listResearchEngineer {}: the enabled research engineers (srmPurEqUsers, role RESEARCH_ENGINEER,
 *   enabled internal users); internal users only.
 * - transfer {id, researchEngineerId?, reason}: hands a SUBMITTED or ANSWERED EQ to another research
 *   engineer (the body's, else the form's saved "transfer to"), with a transfer row saying who, to
 *   whom, when and why; internal only (403), another state 409, the same or no engineer 400.
 * - addAnswerFile {eqPromotionId, attachmentId}: the supplier adds an uploaded file to its answer
 *   while the promotion is PROMOTED.
 */
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom, OPTIONAL_ID } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { formatDateTime } from '../../../util/time';
import { requireInternal } from '../partContext';
import { EQ, EQ_TRANSFER, PROMOTION, supplierOf, type Collab, type SupplierFile } from './collabContext';
import { isResearchEngineer, researchEngineers } from './eqRules';

type Body = Record<string, unknown>;
const EQ_PAGES = ['eqList', 'eq/eqEdit'];
const PROMOTION_PAGES = ['SrmPurEqPromotionList', 'eqPromotion/SrmPurEqPromotionEdit'];

async function listSupplierContact(k: Collab, body: Body, ctx: ResourceContext) {
  const supplierId = supplierOf(ctx) ?? (body.supplierId as number | undefined);
  if (!supplierId)
    throw declaredError('purchasingOrders.supplierRequired', {}, [{ field: 'supplierId', message: 'required' }]);
  const fields = [
    'contactId',
    'supplierId',
    'contactName',
    'position',
    'contactType',
    'mobile',
    'phone',
    'email',
    'primaryFlag',
  ];
  const where = { supplierId, enabledFlag: 'Y' };
  return {
    data: await k.rows.select(k.db, 'srmSlcSupplierContact', fields, where, { orderBy: ['-primaryFlag', 'contactId'] }),
  };
}

async function transfer(k: Collab, body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const id = idFrom(body, EQ_ID);
  const model = kernel.registry.entity(EQ)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    // The EQ is locked, in the caller's scope and SUBMITTED or ANSWERED: the action's declared states.
    const eq = await kernel.resources.reader.byId(model, id, ctx, scope, tx, true);
    if (!eq) throw Errors.recordNotFound();
    requireInternal(ctx);
    const to = Number(body.researchEngineerId ?? eq.transferToId ?? 0);
    if (!to)
      throw declaredError('purchasingOrders.transferEngineerRequired', {}, [
        { field: 'researchEngineerId', message: 'required / 必填' },
      ]);
    if (to === Number(eq.researchEngineerId))
      throw declaredError('purchasingOrders.transferSameEngineer', {}, [
        { field: 'researchEngineerId', message: 'same engineer / 同一工程师' },
      ]);
    if (!(await isResearchEngineer(k, tx, to)))
      throw declaredError('purchasingOrders.transferNotEngineer', {}, [
        { field: 'researchEngineerId', message: 'not a research engineer / 非研发工程师' },
      ]);
    const reason = ((body.reason as string | undefined) ?? '').trim();
    if (!reason)
      throw declaredError('purchasingOrders.transferReasonRequired', {}, [
        { field: 'reason', message: 'required / 必填' },
      ]);
    await k.rows.insert(
      tx,
      EQ_TRANSFER,
      {
        eqHeaderId: id,
        fromUserId: Number(eq.researchEngineerId),
        toUserId: to,
        reason,
        transferDate: formatDateTime(),
        transferredBy: ctx.userId,
      },
      ctx.userId,
    );
    await k.rows.update(tx, EQ, { researchEngineerId: to, transferToId: null }, { eqHeaderId: id }, ctx.userId);
  });
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

const EQ_ID = ['id', 'eqHeaderId'];
const PROMOTION_ID = ['eqPromotionId', 'id'];
const ANSWER_FILE: Omit<SupplierFile, 'id' | 'attachmentId'> = {
  entity: PROMOTION,
  field: 'answerFileIds',
  notSupplier: () => declaredError('purchasingOrders.answerFileNotEqSupplier'),
};

export function registerEqActions(k: Collab, actions: ActionRegistry): void {
  const eq = { area: 'srmServer', resource: 'srmPurEqHeaderRestful' };
  actions.register({
    ...eq,
    action: 'listSupplierContact',
    access: { pages: EQ_PAGES, resourceCode: 'btnView' },
    input: { type: 'object', properties: { supplierId: OPTIONAL_ID } },
    handler: (body, ctx) => listSupplierContact(k, body, ctx),
  });
  actions.register({
    ...eq,
    action: 'listResearchEngineer',
    access: { pages: EQ_PAGES, resourceCode: 'btnEdit' },
    handler: async (_body, ctx) => {
      requireInternal(ctx);
      return { data: await researchEngineers(k, k.db) };
    },
  });
  actions.register({
    ...eq,
    action: 'transfer',
    access: { pages: EQ_PAGES, resourceCode: 'btnTransfer' },
    input: eitherIdInput(EQ_ID, { researchEngineerId: OPTIONAL_ID, reason: { type: 'string', maxLength: 500 } }),
    states: {
      entity: EQ,
      id: EQ_ID,
      in: ['SUBMITTED', 'ANSWERED'],
      refusal: (eq) => declaredText('purchasingOrders.eqNotTransferable', { status: String(eq.status) }),
    },
    handler: (body, ctx, kernel, req) => transfer(k, body, ctx, kernel, req!),
  });
  actions.register({
    area: 'srmServer',
    resource: 'srmPurEqPromotionRestful',
    action: 'addAnswerFile',
    access: { pages: PROMOTION_PAGES, resourceCode: 'btnAnswer' },
    input: eitherIdInput(PROMOTION_ID, { attachmentId: { type: 'integer', minimum: 1 } }),
    states: {
      entity: PROMOTION,
      id: PROMOTION_ID,
      in: ['PROMOTED'],
      refusal: () => declaredText('purchasingOrders.promotionNotAwaitingAnswer'),
    },
    handler: (body, ctx, kernel, req) =>
      k.addSupplierFile(kernel, req!, ctx, {
        ...ANSWER_FILE,
        id: idFrom(body, PROMOTION_ID),
        attachmentId: body.attachmentId,
      }),
  });
}
