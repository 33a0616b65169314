import { pickText, type FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { isSupplierType } from '../../../access/accessService';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { recordIdInput } from '../../../platform/actionInput';
import { Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { prepareRecord } from '../../../resource/recordPreparation';
import { translateDbError } from '../../../resource/dbErrors';
import { registerSupplier } from './publicRegistration';
import { latestRegistration } from './registrationLogin';
import { RegisterEffects } from './registerEffects';
import { RegisterRateLimit } from './registerRateLimit';
import { REGISTER, RegistrationStore } from './registrationStore';

const area = 'srmServer';
const resource = 'srmSlcRegisterInfoRestful';
/** Fixed at registration (checked for duplicates then); corrections of these go through an internal user. */
const FIXED_FIELDS = ['supplierName', 'unifiedSocialCreditCode', 'userName'];
const MAX_REASON = 1000;

/** A supplier user reaches only the registration they made (by user, since the supplier link comes later). */
function ownRegistration(req: ActionRequest): FilterNode {
  const user = req.identity!.user;
  if (!isSupplierType(user.userType)) throw declaredError('supplier.registrationBySupplierUsers');
  return { field: 'userId', op: 'eq', value: user.userId };
}

async function findOwn(kernel: Kernel, store: RegistrationStore, req: ActionRequest, ctx: ResourceContext) {
  const scope = ownRegistration(req);
  const latest = await latestRegistration(store.rows, kernel.db, req.identity!.user.userId);
  if (!latest) throw declaredError('supplier.noOwnRegistration');
  return { scope, row: await kernel.resources.findById(store.model(REGISTER), Number(latest.registerId), ctx, scope) };
}

/** A name in the caller's language: the English one when there is one, else the Chinese. */
const bilingual = (cn: unknown, en: unknown, ctx: ResourceContext) =>
  pickText({ cn: String(cn), en: String(en || cn) }, ctx.language);

/** Public registration, the supplier's own completion of it, and the reject actions that carry a reason. */
export function registerSupplierRegistration(
  actions: ActionRegistry,
  hooks: RecordHookRegistry,
  deps: { registry: MetadataRegistry; db: Database },
): void {
  const store = new RegistrationStore(deps.registry, deps.db, hooks);
  const limit = new RegisterRateLimit(deps.db, store.rows);
  new RegisterEffects(store).register(hooks);

  actions.register({
    area,
    resource,
    action: 'doRegister',
    access: 'public',
    handler: (body, ctx, kernel, req) => registerSupplier(kernel, store, limit, body, ctx, req.ip),
  });
  // The public form's choices (the visitor has no session for findDic).
  actions.register({
    area,
    resource,
    action: 'registerOptions',
    access: 'public',
    handler: async (_body, ctx) => {
      const where = { lookupType: 'SLC_SUPPLIER_TYPE', enabledFlag: 'Y' };
      const rows = await store.rows.select(deps.db, 'baseLookupValues', ['lookupCode', 'meaning', 'meaningEn'], where, {
        orderBy: ['seqNum'],
      });
      const supplierTypes = rows.map((r) => ({
        lookupCode: r.lookupCode,
        meaning: bilingual(r.meaning, r.meaningEn, ctx),
      }));
      return { data: { supplierTypes } };
    },
  });
  actions.register({
    area,
    resource,
    action: 'findMyRegisterInfo',
    access: 'session',
    handler: async (_body, ctx, kernel, req) => ({ data: (await findOwn(kernel, store, req, ctx)).row }),
  });
  actions.register({
    area,
    resource,
    action: 'saveMyRegisterInfo',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const { scope, row } = await findOwn(kernel, store, req, ctx);
      const entity = store.model(REGISTER);
      const input = Object.fromEntries(Object.entries(body).filter(([k]) => !FIXED_FIELDS.includes(k)));
      const record = prepareRecord(kernel.registry, entity, { ...input, registerId: row.registerId }, ctx);
      // editableWhen (ACCOUNT_APPROVED or REJECTED) is checked on the locked row: 409 once submitted.
      const id = await kernel.db
        .transaction((tx) => store.writer.save(tx, entity, record, ctx, scope))
        .catch((e) => {
          throw translateDbError(e);
        });
      return {
        data: await kernel.resources.findById(entity, id, ctx, scope),
        msg: pickText(declaredText('supplier.saved'), ctx.language),
      };
    },
  });
  actions.register({
    area,
    resource,
    action: 'doSubmitRegisterInfo',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const { scope, row } = await findOwn(kernel, store, req, ctx);
      const entity = store.model(REGISTER);
      const transition = kernel.lifecycles.transitionFor(entity, 'doSubmitRegisterInfo')!;
      return kernel.lifecycles.run(entity, transition, { id: row.registerId, versionNum: body.versionNum }, ctx, scope);
    },
  });
  actions.register({
    area,
    resource,
    action: 'listRegisterCategories',
    access: 'session',
    handler: async (_body, ctx) => {
      const fields = ['categoryId', 'categoryCode', 'categoryName', 'categoryNameEn'];
      const rows = await store.rows.select(
        deps.db,
        'srmBaseCategory',
        fields,
        { leafFlag: 'Y' },
        { orderBy: ['categoryCode'] },
      );
      return {
        data: rows.map((r) => ({
          categoryId: Number(r.categoryId),
          categoryCode: r.categoryCode,
          categoryName: bilingual(r.categoryName, r.categoryNameEn, ctx),
        })),
      };
    },
  });
  // Rejections need a reason the supplier will read; the lifecycle action itself carries only ids.
  for (const [action, page, resourceCode] of [
    ['doRejectRegister', 'supplierRegisterApproval', 'btnRejectRegister'],
    ['doRejectRegisterInfo', 'supplierRegisterInfoApproval', 'btnRejectRegisterInfo'],
  ] as const) {
    actions.register({
      area,
      resource,
      action,
      access: { pages: [page], resourceCode },
      // Only the id is declared: the reason is judged once the row is found in the caller's scope.
      input: recordIdInput(),
      handler: async (body, ctx, kernel, req) => {
        const entity = store.model(REGISTER);
        const id = body.id as number;
        // Within the caller's row scope, and found there, before the reason is judged: a row the
        // caller cannot reach answers 404 whatever the body says.
        const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, action, ctx);
        if (!(await kernel.resources.reader.byId(entity, id, ctx, scope))) throw Errors.recordNotFound();
        const reason = typeof body.rejectReason === 'string' ? body.rejectReason.trim() : '';
        if (!reason || reason.length > MAX_REASON) {
          const message = pickText(
            reason
              ? declaredText('supplier.rejectReasonFieldTooLong', { max: MAX_REASON })
              : declaredText('supplier.rejectReasonFieldRequired'),
            ctx.language,
          );
          const errors = [{ field: 'rejectReason', message }];
          throw reason
            ? declaredError('supplier.rejectReasonTooLong', {}, errors)
            : declaredError('supplier.rejectReasonRequired', {}, errors);
        }
        // The reason is the transition's comment: slcRegister.json writes it to rejectReason.
        const transition = kernel.lifecycles.transitionFor(entity, action)!;
        return kernel.lifecycles.run(
          entity,
          transition,
          { id, versionNum: body.versionNum, comment: reason },
          ctx,
          scope,
        );
      },
    });
  }
}
