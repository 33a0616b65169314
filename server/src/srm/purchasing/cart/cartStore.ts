import type { FilterNode } from '@meridian/metadata';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { formatDecimal, multiplyDecimals, parseDecimal } from '../../../util/decimal';
import { formatDateTime, today } from '../../../util/time';
import { companyOf } from '../goods/goodsActions';
import { onSaleSql, pricesInForce } from '../goods/goodsPrices';

/**
 * The non-production goods cart (DOMAIN 5.8, docs/architecture.md "Spec: shopping cart"): one line per user and goods.
 * Every read and write is scoped to the signed-in user here, on the server: a line of another
 * user is answered exactly like a missing one (404), and nothing in a body names whose cart it is.
 */
export const CART = 'srmPurShoppingCart';
export const GOODS = 'srmPurNoProductiveMaterial';
/** docs/architecture.md "Spec: shopping cart": the cart count starts at 0. */
export const INITIAL_CART_COUNT = 0;
/** A cart holds at most this many lines (one page of a list). */
const MAX_LINES = 500;

const own = (userId: number): FilterNode => ({ field: 'userId', op: 'eq', value: userId });

export async function cartLines(kernel: Kernel, userId: number, ctx: ResourceContext): Promise<Row[]> {
  const entity = kernel.registry.entity(CART)!;
  const { rows } = await kernel.resources.reader.list(
    entity,
    { params: {}, filter: own(userId), pageIndex: 1, pageRows: MAX_LINES, orderBy: 'cartId asc' },
    ctx,
  );
  return rows;
}

/** docs/architecture.md "Spec: shopping cart": the badge shows the sum of the counts of the user's lines. */
export function cartCount(lines: Row[]): number {
  return lines.reduce((sum, line) => sum + Number(line.count ?? 0), INITIAL_CART_COUNT);
}

export function lineAmount(price: unknown, count: number): string {
  const unit = parseDecimal(price as string | number | null | undefined);
  if (!unit) return '0.00';
  return formatDecimal(multiplyDecimals(unit, { units: BigInt(count), scale: 0 }), 2);
}

/** The largest count of a cart line. */
export const MAX_COUNT = 999999;

/** A line's count after a change: whole, 1 or more (positive-integer validator of docs/architecture.md "Spec: validators"). */
export function countOf(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_COUNT)
    throw declaredError('purchasingDelivery.countPositive', {}, [
      { field: 'count', message: 'must enter a positive integer' },
    ]);
  return n;
}

/** The user's own line, locked; another user's line or a missing one is 404. */
export async function ownLine(rows: PlatformRows, tx: SqlExecutor, userId: number, cartId: number): Promise<Row> {
  const line = await rows.one(tx, CART, ['cartId', 'count', 'unitPriceIncl'], { cartId, userId }, { underLock: true });
  if (!line) throw Errors.recordNotFound();
  return line;
}

/** The line's new count and amount (at its unit price). */
export async function setLineCount(rows: PlatformRows, tx: SqlExecutor, userId: number, line: Row, count: number) {
  const values = { count, amount: lineAmount(line.unitPriceIncl, count) };
  await rows.update(tx, CART, values, { cartId: Number(line.cartId), userId }, userId);
}

/**
 * Goods on sale with a price in force for the user's company today, for adding to a cart: price and
 * supplier come from here, never from the body. Goods without a price in force cannot be added (409).
 */
async function goodsOnSale(kernel: Kernel, tx: SqlExecutor, id: number, orgId: number | null): Promise<Row> {
  const { t, c } = kernel.auth.access.sql;
  const rows = await tx.select(
    `SELECT ${c(GOODS, 'noProductiveMaterialId')} AS id, ${c(GOODS, 'supplierId')} AS supplierId, ${c(GOODS, 'goodsName')} AS name FROM ${t(GOODS)} ` +
      `WHERE ${c(GOODS, 'noProductiveMaterialId')} = ? AND ${onSaleSql(c)}`,
    [id],
  );
  if (!rows.length) throw declaredError('purchasingDelivery.goodsOffSale');
  const price = (await pricesInForce(tx, kernel.registry, await companyOf(tx, kernel, orgId), today(), [id])).get(id);
  if (!price) throw declaredError('purchasingDelivery.noPriceToday', rows[0]);
  return { ...rows[0], price: price.unitPriceIncl };
}

/** Adds goods to the user's cart: a new line, or more of the goods already in it. */
export async function addGoods(
  kernel: Kernel,
  rows: PlatformRows,
  user: { userId: number; orgId: number | null },
  goodsId: number,
  count: number,
  ctx: ResourceContext,
): Promise<void> {
  const { userId } = user;
  await kernel.db.transaction(async (tx) => {
    const goods = await goodsOnSale(kernel, tx, goodsId, user.orgId);
    const where = { userId, noProductiveMaterialId: Number(goods.id) };
    const existing = await rows.one(tx, CART, ['cartId', 'count'], where, { underLock: true });
    if (existing) {
      const line = { ...existing, unitPriceIncl: goods.price };
      await setLineCount(rows, tx, userId, line, countOf(Number(existing.count) + count));
      return;
    }
    await kernel.resources.writer.insert(
      tx,
      kernel.registry.entity(CART)!,
      {
        userId,
        noProductiveMaterialId: Number(goods.id),
        supplierId: Number(goods.supplierId),
        count,
        unitPriceIncl: String(goods.price),
        amount: lineAmount(goods.price, count),
        selectedFlag: 'Y',
        addDate: formatDateTime(),
      },
      ctx,
    );
  });
}
