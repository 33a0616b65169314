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
import type { JsonSchema } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest, RegisteredAction } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';
import { requireInternal } from '../partContext';
import { EQ, EQ_TRANSFER, EQ_USERS, PROMOTION, RESEARCH_ENGINEER, supplierOf, type Collab } from './collabContext';
import { isResearchEngineer } from './eqRules';

type Body = Record<string, unknown>;
const EQ_PAGES = ['eqList', 'eq/eqEdit'];
const PROMOTION_PAGES = ['SrmPurEqPromotionList', 'eqPromotion/SrmPurEqPromotionEdit'];

async function listSupplierContact(k: Collab, body: Body, ctx: ResourceContext) {
  const supplierId = supplierOf(ctx) ?? (body.supplierId as number | undefined);
  if (!supplierId)
    throw declaredError('purchasingOrders.supplierRequired', {}, [{ field: 'supplierId', message: 'required' }]);
  const { t, c } = k.sql;
  const C = 'srmSlcSupplierContact';
  const names = [
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
  const rows = await k.db.select(
    `SELECT ${names.map((n) => `${c(C, n)} AS ${n}`).join(', ')} FROM ${t(C)} WHERE ${c(C, 'supplierId')} = ? AND ${c(C, 'enabledFlag')} = 'Y' ` +
      `ORDER BY ${c(C, 'primaryFlag')} DESC, ${c(C, 'contactId')}`,
    [supplierId],
  );
  return { data: rows };
}

async function listResearchEngineer(k: Collab, _body: Body, ctx: ResourceContext) {
  requireInternal(ctx);
  const { t, c } = k.sql;
  const U = 'baseUsers';
  const rows = await k.db.select(
    `SELECT u.${c(U, 'userId')} AS userId, u.${c(U, 'userName')} AS userName, u.${c(U, 'personName')} AS personName, u.${c(U, 'email')} AS email, ` +
      `e.${c(EQ_USERS, 'orgId')} AS orgId FROM ${t(EQ_USERS)} e JOIN ${t(U)} u ON u.${c(U, 'userId')} = e.${c(EQ_USERS, 'userId')} ` +
      `WHERE e.${c(EQ_USERS, 'roleType')} = ? AND e.${c(EQ_USERS, 'enabledFlag')} = 'Y' AND u.${c(U, 'enabledFlag')} = 'Y' ` +
      `AND u.${c(U, 'userType')} IN ('INSIDE', 'INSIDE_ADMIN') ORDER BY u.${c(U, 'userName')}`,
    [RESEARCH_ENGINEER],
  );
  return { data: rows };
}

async function transfer(k: Collab, body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const id = idFrom(body, EQ_ID);
  const model = kernel.registry.entity(EQ)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    if (!(await lockOwner(tx, model, id))) throw Errors.recordNotFound();
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

async function addAnswerFile(k: Collab, body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const id = idFrom(body, PROMOTION_ID);
  const model = kernel.registry.entity(PROMOTION)!;
  const scope = await kernel.auth.guard.rowScope(req.identity!, model, false, ctx);
  await kernel.db.transaction(async (tx) => {
    const row = await kernel.resources.reader.byId(model, id, ctx, scope, tx, true);
    if (!row) throw Errors.recordNotFound();
    if (supplierOf(ctx) !== Number(row.supplierId)) throw declaredError('purchasingOrders.answerFileNotEqSupplier');
    await k.addOwnFile(tx, PROMOTION, id, 'answerFileIds', row.answerFileIds, body.attachmentId, ctx);
  });
  return { data: await kernel.resources.findById(model, id, ctx, scope) };
}

const EQ_ID = ['id', 'eqHeaderId'];
const PROMOTION_ID = ['eqPromotionId', 'id'];
const OPTIONAL_ID: JsonSchema = { type: ['integer', 'null'], minimum: 1 };
/** The actions' bodies, and the states an EQ is transferred in and a promotion takes answer files in (the same 409s as before). */
const TYPED: Record<string, Pick<RegisteredAction, 'input' | 'states'>> = {
  listSupplierContact: { input: { type: 'object', properties: { supplierId: OPTIONAL_ID } } },
  transfer: {
    input: eitherIdInput(EQ_ID, { researchEngineerId: OPTIONAL_ID, reason: { type: 'string', maxLength: 500 } }),
    states: {
      entity: EQ,
      id: EQ_ID,
      in: ['SUBMITTED', 'ANSWERED'],
      refusal: (eq) => [
        `EQ状态为 ${String(eq.status)}，不能转交`,
        `The EQ is ${String(eq.status)}: it cannot be transferred`,
      ],
    },
  },
  addAnswerFile: {
    input: eitherIdInput(PROMOTION_ID, { attachmentId: { type: 'integer', minimum: 1 } }),
    states: {
      entity: PROMOTION,
      id: PROMOTION_ID,
      in: ['PROMOTED'],
      refusal: () => ['该推进不在待回复状态', 'The promotion is not waiting for an answer'],
    },
  },
};

export function registerEqActions(k: Collab, actions: ActionRegistry): void {
  const add = (
    resource: string,
    action: string,
    pages: string[],
    resourceCode: string,
    fn: (body: Body, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) => Promise<{ data: unknown }>,
  ) =>
    actions.register({
      area: 'srmServer',
      resource,
      action,
      access: { pages, resourceCode },
      ...TYPED[action],
      handler: (body, ctx, kernel, req) => fn(body, ctx, kernel, req!),
    });
  add('srmPurEqHeaderRestful', 'listSupplierContact', EQ_PAGES, 'btnView', (b, ctx) => listSupplierContact(k, b, ctx));
  add('srmPurEqHeaderRestful', 'listResearchEngineer', EQ_PAGES, 'btnEdit', (b, ctx) =>
    listResearchEngineer(k, b, ctx),
  );
  add('srmPurEqHeaderRestful', 'transfer', EQ_PAGES, 'btnTransfer', (b, ctx, kernel, req) =>
    transfer(k, b, ctx, kernel, req),
  );
  add('srmPurEqPromotionRestful', 'addAnswerFile', PROMOTION_PAGES, 'btnAnswer', (b, ctx, kernel, req) =>
    addAnswerFile(k, b, ctx, kernel, req),
  );
}
