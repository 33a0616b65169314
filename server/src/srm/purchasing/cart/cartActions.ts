import type { JsonSchema } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { caller } from '../../../home/readerContext';
import { addGoods, CART, cartCount, cartLines, countOf, MAX_COUNT, ownLine, setLineCount } from './cartStore';
import { groupBySupplier } from './cartGroups';

const MALL = 'purNoProductiveMaterial/SrminteriorShopping';
export const TROLLEY = 'purNoProductiveMaterial/SrminteriorShoppingtrolley';
const RESOURCE = 'srmPurShoppingCartRestful';
/** The catalog also names the cart's reads and deletes under the goods' resource: the same handlers. */
const GOODS_RESOURCE = 'srmPurNoProductiveMaterialRestful';

/** Every cart answer is the user's cart afterwards: its lines (each with its count) and their sum. */
async function cartAnswer(kernel: Kernel, userId: number, ctx: ResourceContext) {
  const lines = await cartLines(kernel, userId, ctx);
  return { data: lines, msg: undefined, page: { count: cartCount(lines), pageIndex: 1, pageRows: lines.length } };
}

/**
 * srmPurShoppingCartRestful (docs/architecture.md "Spec: shopping cart"): findByUserId (any signed-in user, for the
 * shell's badge; a userId in the body other than the caller's is 404), saveOrUpdate {noProductiveMaterialId,
 * count} from the mall (btnAddCart), doAddCount {id, count: ±n}, doDelete {id}, doDeleteAll from the cart (btnEdit,
 * btnDelete, btnDeleteAll), findBySupplier (the lines by supplier). page.count of every answer is the cart count.
 * All but saveOrUpdate are registered on srmPurNoProductiveMaterialRestful too, as the catalog names them there.
 */
/**
 * The bodies of the cart's actions: the goods and a whole count of 1 or more (blank: 1) for
 * saveOrUpdate; the line, and for doAddCount a whole, non-zero change.
 */
const CART_INPUTS: Record<string, JsonSchema | undefined> = {
  saveOrUpdate: {
    type: 'object',
    required: ['noProductiveMaterialId'],
    properties: {
      noProductiveMaterialId: { type: 'integer', minimum: 1 },
      count: { type: ['integer', 'null'], minimum: 1, maximum: MAX_COUNT },
    },
  },
  doAddCount: {
    ...recordIdInput('id', { count: { type: 'integer', not: { const: 0 } } }),
    required: ['id', 'count'],
  },
  doDelete: recordIdInput(),
};

export function registerCartActions(actions: ActionRegistry): void {
  const cart = (
    action: string,
    access: Parameters<ActionRegistry['register']>[0]['access'],
    handler: (
      body: Record<string, unknown>,
      userId: number,
      kernel: Kernel,
      ctx: ResourceContext,
      req: ActionRequest,
    ) => Promise<void>,
    answer: (kernel: Kernel, userId: number, ctx: ResourceContext) => Promise<{ data: unknown }> = cartAnswer,
    alsoOnGoods = true,
  ) => {
    for (const resource of alsoOnGoods ? [RESOURCE, GOODS_RESOURCE] : [RESOURCE])
      actions.register({
        area: 'srmServer',
        resource,
        action,
        access,
        input: CART_INPUTS[action],
        handler: async (body, ctx, kernel, req) => {
          const { userId } = caller(req);
          await handler(body, userId, kernel, ctx, req);
          return answer(kernel, userId, ctx);
        },
      });
  };
  cart('findByUserId', 'session', async (body, userId) => {
    if (body.userId !== undefined && body.userId !== null && Number(body.userId) !== userId)
      throw Errors.recordNotFound();
  });
  // Not on the goods' resource: its saveOrUpdate is the goods' own generic save.
  cart(
    'saveOrUpdate',
    { pages: [MALL], resourceCode: 'btnAddCart' },
    async (body, userId, kernel, ctx, req) => {
      const orgId = caller(req).orgId ?? null;
      await addGoods(kernel, { userId, orgId }, body.noProductiveMaterialId as number, Number(body.count ?? 1), ctx);
    },
    cartAnswer,
    false,
  );
  // The cart's lines grouped by supplier (one requisition each at checkout): [{supplierId, supplierName, count, amount, lines}].
  cart(
    'findBySupplier',
    { pages: [TROLLEY, MALL] },
    async () => undefined,
    async (kernel, userId, ctx) => {
      const lines = await cartLines(kernel, userId, ctx);
      return {
        data: groupBySupplier(lines),
        msg: undefined,
        page: { count: cartCount(lines), pageIndex: 1, pageRows: lines.length },
      };
    },
  );
  cart('doAddCount', { pages: [TROLLEY], resourceCode: 'btnEdit' }, async (body, userId, kernel) => {
    const id = body.id as number;
    const delta = body.count as number;
    await kernel.db.transaction(async (tx) => {
      const line = await ownLine(kernel, tx, userId, id);
      await setLineCount(kernel, tx, userId, line, countOf(Number(line.count) + delta));
    });
  });
  cart('doDelete', { pages: [TROLLEY], resourceCode: 'btnDelete' }, async (body, userId, kernel) => {
    const id = body.id as number;
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
}
