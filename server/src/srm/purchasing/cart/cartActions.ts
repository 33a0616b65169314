import type { JsonSchema } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest, RegisteredAction } from '../../../platform/actionRegistry';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { ResourceContext } from '../../../resource/context';
import { caller } from '../../../home/readerContext';
import { addGoods, CART, cartCount, cartLines, countOf, MAX_COUNT, ownLine, setLineCount } from './cartStore';
import { groupBySupplier } from './cartGroups';

const MALL = 'purNoProductiveMaterial/SrminteriorShopping';
export const TROLLEY = 'purNoProductiveMaterial/SrminteriorShoppingtrolley';
const RESOURCE = 'srmPurShoppingCartRestful';
/** The catalog also names the cart's reads and deletes under the goods' resource: the same handlers. */
const GOODS_RESOURCE = 'srmPurNoProductiveMaterialRestful';

/** Every cart answer is the user's cart afterwards: its lines (each with its count), or grouped by supplier, and their sum. */
async function cartAnswer(kernel: Kernel, userId: number, ctx: ResourceContext, bySupplier: boolean) {
  const lines = await cartLines(kernel, userId, ctx);
  const data = bySupplier ? groupBySupplier(lines) : lines;
  return { data, msg: undefined, page: { count: cartCount(lines), pageIndex: 1, pageRows: lines.length } };
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

type CartWork = (
  body: Record<string, unknown>,
  userId: number,
  kernel: Kernel,
  ctx: ResourceContext,
  req: ActionRequest,
) => Promise<void>;

export function registerCartActions(actions: ActionRegistry, rows: PlatformRows): void {
  const cart = (
    action: string,
    access: RegisteredAction['access'],
    work: CartWork,
    { bySupplier = false, alsoOnGoods = true } = {},
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
          await work(body, userId, kernel, ctx, req);
          return cartAnswer(kernel, userId, ctx, bySupplier);
        },
      });
  };
  cart('findByUserId', 'session', async (body, userId) => {
    if (body.userId !== undefined && body.userId !== null && Number(body.userId) !== userId)
      throw Errors.recordNotFound();
  });
  // Not on the goods' resource: its saveOrUpdate is the goods' own generic save.
  const addCart = { pages: [MALL], resourceCode: 'btnAddCart' };
  cart(
    'saveOrUpdate',
    addCart,
    async (body, userId, kernel, ctx, req) => {
      const user = { userId, orgId: caller(req).orgId ?? null };
      const count = Number(body.count ?? 1);
      await addGoods(kernel, rows, user, body.noProductiveMaterialId as number, count, ctx);
    },
    { alsoOnGoods: false },
  );
  // The cart's lines grouped by supplier (one requisition each at checkout): [{supplierId, supplierName, count, amount, lines}].
  cart('findBySupplier', { pages: [TROLLEY, MALL] }, async () => undefined, { bySupplier: true });
  cart('doAddCount', { pages: [TROLLEY], resourceCode: 'btnEdit' }, async (body, userId, kernel) => {
    await kernel.db.transaction(async (tx) => {
      const line = await ownLine(rows, tx, userId, body.id as number);
      await setLineCount(rows, tx, userId, line, countOf(Number(line.count) + (body.count as number)));
    });
  });
  cart('doDelete', { pages: [TROLLEY], resourceCode: 'btnDelete' }, async (body, userId, kernel) => {
    const done = await kernel.db.transaction((tx) => rows.delete(tx, CART, { cartId: body.id as number, userId }));
    if (done === 0) throw Errors.recordNotFound();
  });
  cart('doDeleteAll', { pages: [TROLLEY], resourceCode: 'btnDeleteAll' }, async (_body, userId, kernel) => {
    await kernel.db.transaction((tx) => rows.delete(tx, CART, { userId }));
  });
}
