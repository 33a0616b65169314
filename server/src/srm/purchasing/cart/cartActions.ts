import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { caller, idOf, pagingOf } from '../../../home/readerContext';
import { addGoods, CART, cartCount, cartLines, countOf, GOODS, ownLine, setLineCount } from './cartStore';

const MALL = 'purNoProductiveMaterial/SrminteriorShopping';
const TROLLEY = 'purNoProductiveMaterial/SrminteriorShoppingtrolley';
const RESOURCE = 'srmPurShoppingCartRestful';

/** Every cart answer is the user's cart afterwards: its lines (each with its count) and their sum. */
async function cartAnswer(kernel: Kernel, userId: number, ctx: ResourceContext) {
  const lines = await cartLines(kernel, userId, ctx);
  return { data: lines, msg: undefined, page: { count: cartCount(lines), pageIndex: 1, pageRows: lines.length } };
}

function userOf(req: ActionRequest): number {
  return caller(req).userId;
}

/**
 * srmPurShoppingCartRestful (docs/architecture.md "Spec: shopping cart"): findByUserId (any signed-in user, for the
 * shell's badge; a userId in the body other than the caller's is 404), saveOrUpdate {noProductiveMaterialId,
 * count} from the mall (btnAddCart), doAddCount {id, count: ±n}, doDelete {id}, doDeleteAll from the cart (btnEdit,
 * btnDelete, btnDeleteAll). page.count of every answer is the cart count.
 */
export function registerCartActions(actions: ActionRegistry): void {
  const cart = (
    action: string,
    access: Parameters<ActionRegistry['register']>[0]['access'],
    handler: (body: Record<string, unknown>, userId: number, kernel: Kernel, ctx: ResourceContext) => Promise<void>,
  ) =>
    actions.register({
      area: 'srmServer',
      resource: RESOURCE,
      action,
      access,
      handler: async (body, ctx, kernel, req) => {
        const userId = userOf(req);
        await handler(body, userId, kernel, ctx);
        return cartAnswer(kernel, userId, ctx);
      },
    });
  cart('findByUserId', 'session', async (body, userId) => {
    if (body.userId !== undefined && body.userId !== null && Number(body.userId) !== userId)
      throw Errors.recordNotFound();
  });
  cart('saveOrUpdate', { pages: [MALL], resourceCode: 'btnAddCart' }, async (body, userId, kernel, ctx) => {
    await addGoods(kernel, userId, body.noProductiveMaterialId, countOf(body.count ?? 1), ctx);
  });
  cart('doAddCount', { pages: [TROLLEY], resourceCode: 'btnEdit' }, async (body, userId, kernel) => {
    const id = idOf(body);
    const delta = Number(body.count);
    if (!Number.isSafeInteger(delta) || delta === 0)
      throw Errors.badRequest('数量变化必须是非零整数', 'count must be a whole number other than 0', [
        { field: 'count', message: 'must enter a number' },
      ]);
    await kernel.db.transaction(async (tx) => {
      const line = await ownLine(kernel, tx, userId, id);
      await setLineCount(kernel, tx, userId, line, countOf(Number(line.count) + delta));
    });
  });
  cart('doDelete', { pages: [TROLLEY], resourceCode: 'btnDelete' }, async (body, userId, kernel) => {
    const id = idOf(body);
    const { t, c } = kernel.auth.access.sql;
    const done = await kernel.db.transaction((tx) =>
      tx.execute(`DELETE FROM ${t(CART)} WHERE ${c(CART, 'cartId')} = ? AND ${c(CART, 'userId')} = ?`, [id, userId]),
    );
    if (done.affected === 0) throw Errors.recordNotFound();
  });
  cart('doDeleteAll', { pages: [TROLLEY], resourceCode: 'btnDeleteAll' }, async (_body, userId, kernel) => {
    const { t, c } = kernel.auth.access.sql;
    await kernel.db.transaction((tx) => tx.execute(`DELETE FROM ${t(CART)} WHERE ${c(CART, 'userId')} = ?`, [userId]));
  });
  registerGoodsActions(actions);
}

/** srmPurNoProductiveMaterialRestful/listByPageGoods {keyword?, classifyId?, pageIndex, pageRows}: the mall's goods on sale. */
function registerGoodsActions(actions: ActionRegistry): void {
  actions.register({
    area: 'srmServer',
    resource: 'srmPurNoProductiveMaterialRestful',
    action: 'listByPageGoods',
    access: { pages: [MALL] },
    handler: async (body, ctx, kernel) => {
      const entity = kernel.registry.entity(GOODS)!;
      const and: FilterNode[] = [{ field: 'enabledFlag', op: 'eq', value: 'Y' }];
      const keyword = typeof body.keyword === 'string' ? body.keyword.trim() : '';
      if (keyword)
        and.push({
          or: [
            { field: 'goodsCode', op: 'like', value: keyword },
            { field: 'goodsName', op: 'like', value: keyword },
            { field: 'goodsNameEn', op: 'like', value: keyword },
          ],
        });
      if (body.classifyId !== undefined && body.classifyId !== null && body.classifyId !== '')
        and.push({ field: 'classifyId', op: 'eq', value: Number(body.classifyId) });
      const { rows, page } = await kernel.resources.reader.list(
        entity,
        { params: {}, filter: { and }, orderBy: 'goodsCode asc', ...pagingOf(body, 20) },
        ctx,
      );
      return { data: rows, page };
    },
  });
}
