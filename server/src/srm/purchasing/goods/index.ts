/**
 * Issue 18, non-production goods (DOMAIN.md §5.8): goods catalogue and prices (generic screens, with
 * the price rules of goodsPrices.ts), the mall's reads, the cart's checkout into requisitions
 * (doSubmitGoods) and the price linkage with its summary.
 */
import { pickText } from '@meridian/metadata';
import type { DomainRegistries } from '../../../platform/domainModules';
import { isSupplierType } from '../../../access/accessService';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import { caller } from '../../../home/readerContext';
import { today } from '../../../util/time';
import { TROLLEY } from '../cart/cartActions';
import { GOODS_RESOURCE, registerGoodsReads } from './goodsActions';
import { CHECKOUT_INPUT, checkOutCart, needByOf } from './goodsCheckout';
import { registerGoodsPriceRules } from './goodsPrices';
import { registerLinkageCollect, registerLinkageRules } from './linkage';

export function registerGoods({ actions, hooks, handlers, registry }: DomainRegistries): void {
  registerGoodsPriceRules(hooks, handlers, registry);
  registerGoodsReads(actions);
  registerLinkageRules(hooks, registry);
  registerLinkageCollect(actions);
  // {ids?: cart line ids (default: the selected lines), needByDate?} → {requisitions: [{requisitionHeaderId, requisitionNumber, supplierId}]}
  actions.register({
    area: 'srmServer',
    resource: GOODS_RESOURCE,
    action: 'doSubmitGoods',
    access: { pages: [TROLLEY], resourceCode: 'btnSubmitGoods' },
    input: CHECKOUT_INPUT,
    handler: async (body, ctx, kernel, req) => {
      const user = caller(req);
      if (isSupplierType(user.userType)) throw declaredError('purchasingDelivery.internalRequisitions');
      const onDate = today();
      const input = {
        user: { userId: user.userId, orgId: user.orgId ?? null },
        ids: body.ids ? [...new Set(body.ids as number[])] : undefined,
        needByDate: needByOf(body.needByDate, onDate),
      };
      const scope = await kernel.auth.guard.rowScope(
        req.identity!,
        kernel.registry.entity('srmPurRequisitionHeader')!,
        false,
        ctx,
      );
      const requisitions = await kernel.db.transaction((tx) => checkOutCart(tx, kernel, input, ctx, scope, onDate));
      const numbers = requisitions.map((r) => r.requisitionNumber).join(', ');
      return {
        data: { requisitions },
        msg: pickText(declaredText('purchasingDelivery.requisitionsCreated', { numbers }), ctx.language),
      };
    },
  });
}
