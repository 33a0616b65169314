import { declaredText } from '../../../http/declaredErrors';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRequest, ActionStates } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { writeSupplierToOa } from './oaGateway';
import { M_CATEGORY, Q_SITE, QUALIFY, QualifyGateStore, SUPPLIER } from './qualifyGateStore';

/** The review goes to OA once approved (declared states, checked by the platform under the review's lock). */
export const OA_WRITE_STATES: ActionStates = {
  entity: QUALIFY,
  in: ['APPROVED', 'COMPLETED'],
  refusal: () => declaredText('qualify.oaOnlyOnceApproved'),
};

/**
 * doOAWriteSupplierInfo {id} (DOMAIN 1.5): once the review is APPROVED (or COMPLETED), the
 * supplier master with the review's sites and its supply categories goes to the OA system (its
 * endpoint when configured, and the OA outbox: oaGateway.ts), and the review's oaSyncFlag becomes
 * Y — in one transaction under the review's lock (taken by the declared states' check). The caller
 * must be able to read the review from the screen.
 */
export async function oaWriteSupplierInfo(
  body: Record<string, unknown>,
  ctx: ResourceContext,
  kernel: Kernel,
  req: ActionRequest,
) {
  const entity = kernel.registry.entity(QUALIFY)!;
  const id = body.id as number;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'findById', ctx);
  if (!(await kernel.resources.reader.byId(entity, id, ctx, scope))) throw Errors.recordNotFound();
  const store = new QualifyGateStore(kernel.registry, kernel.db, kernel.hooks);
  const outboxId = await kernel.db.transaction(async (tx) => {
    const header = (await store.one(tx, QUALIFY, id))!;
    const supplierId = Number(header.supplierId);
    const supplier = await kernel.resources.reader.byId(
      kernel.registry.entity(SUPPLIER)!,
      supplierId,
      ctx,
      undefined,
      tx,
    );
    const categories = await store.rowsWhere(tx, M_CATEGORY, { supplierId }, false);
    const sent = await writeSupplierToOa(
      store,
      kernel.config.oaSupplierUrl,
      tx,
      {
        qualifyHeaderId: id,
        qualifyNumber: String(header.qualifyNumber),
        supplierId,
        supplier: supplier ?? {},
        sites: await store.linesOf(tx, Q_SITE, id),
        categories,
      },
      ctx,
    );
    await store.setFields(tx, QUALIFY, id, { oaSyncFlag: 'Y' }, ctx);
    return sent;
  });
  const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
  return { data: { ...row, outboxId } };
}
