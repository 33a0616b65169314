/**
 * doSubmitGoods (DOMAIN.md §5.8, decision): the caller's chosen cart lines become DRAFT requisitions of
 * type SHOPPING_CART, one per supplier, priced from each goods' price in force today for the
 * caller's company; then those lines are deleted. One transaction: a line without a price in force
 * (409, naming the goods) or another user's line (404) leaves the cart and the requisitions as they were.
 * The requisition's own save (hooks: number, amounts; scope) does the rest, and it enters the normal
 * requisition approval (purRequisition: doSubmit → manager's to-do → doApprove).
 */
import type { FilterNode, JsonSchema } from '@meridian/metadata';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { prepareRecord } from '../../../resource/recordPreparation';
import { MetaSql } from '../../../access/metaSql';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { CART } from '../cart/cartStore';
import { addDays, today } from '../../../util/time';
import { companyOf } from './goodsActions';
import { GOODS, pricesInForce } from './goodsPrices';

const REQUISITION = 'srmPurRequisitionHeader';
/** Goods bought from the cart are needed a week after the requisition unless the buyer says otherwise. */
const NEED_BY_DAYS = 7;
const MAX_LINES = 500;

export interface CheckoutInput {
  user: { userId: number; orgId: number | null };
  /** Cart line ids; undefined: the lines whose selectedFlag is Y. */
  ids?: number[];
  needByDate?: string;
}

export interface CreatedRequisition {
  requisitionHeaderId: number;
  requisitionNumber: string;
  supplierId: number;
}

/**
 * doSubmitGoods' body: `ids`, 1 to MAX_LINES cart line ids (none: the selected lines), and
 * `needByDate`, a calendar date (blank: a week from today). Checked before the handler runs.
 */
export const CHECKOUT_INPUT: JsonSchema = {
  type: 'object',
  properties: {
    ids: { type: ['array', 'null'], minItems: 1, maxItems: MAX_LINES, items: { type: 'integer', minimum: 1 } },
    needByDate: { type: ['string', 'null'], anyOf: [{ format: 'date' }, { maxLength: 0 }] },
  },
};

/** The need-by date of a checked body: the given date, from today on (400 before), or a week from today. */
export function needByOf(needByDate: unknown, onDate: string): string {
  if (needByDate === undefined || needByDate === null || needByDate === '') {
    return addDays(onDate, NEED_BY_DAYS);
  }
  const value = String(needByDate);
  if (value < onDate)
    throw declaredError('purchasingDelivery.needByPast', {}, [
      { field: 'needByDate', message: 'today or later / 不能早于今天' },
    ]);
  return value;
}

/** The caller's lines, locked, with their goods; 404 when any id is not one of the caller's lines. */
async function lockLines(tx: SqlExecutor, kernel: Kernel, userId: number, ids?: number[]): Promise<Row[]> {
  const { t, c } = new MetaSql(kernel.registry, tx.dialect);
  const only = ids
    ? `${c(CART, 'cartId', 'l')} IN (${ids.map(() => '?').join(', ')})`
    : `${c(CART, 'selectedFlag', 'l')} = 'Y'`;
  const lines = await tx.select(
    `SELECT ${c(CART, 'cartId', 'l')} AS cartId, ${c(CART, 'count', 'l')} AS count, ${c(GOODS, 'noProductiveMaterialId', 'g')} AS goodsId, ` +
      `${c(GOODS, 'goodsCode', 'g')} AS goodsCode, ${c(GOODS, 'goodsName', 'g')} AS goodsName, ${c(GOODS, 'classifyId', 'g')} AS classifyId, ` +
      `${c(GOODS, 'uomCode', 'g')} AS uomCode, ${c(GOODS, 'supplierId', 'g')} AS supplierId ` +
      `FROM ${t(CART)} l JOIN ${t(GOODS)} g ON ${c(GOODS, 'noProductiveMaterialId', 'g')} = ${c(CART, 'noProductiveMaterialId', 'l')} ` +
      `WHERE ${c(CART, 'userId', 'l')} = ? AND ${only} ORDER BY ${c(CART, 'cartId', 'l')}${tx.dialect.forUpdate}`,
    [userId, ...(ids ?? [])],
  );
  if (ids && lines.length !== ids.length) throw Errors.recordNotFound();
  if (!lines.length) throw declaredError('purchasingDelivery.noCartLines', {}, [{ field: 'ids', message: 'required' }]);
  return lines;
}

/** The company's first plant (INV_ORG) receives the goods. */
async function plantOf(tx: SqlExecutor, kernel: Kernel, orgId: number): Promise<number> {
  const where = { companyId: orgId, orgType: 'INV_ORG', enabledFlag: 'Y' };
  const rows = new PlatformRows(kernel.registry, tx.dialect);
  const plant = await rows.one(tx, 'baseOrganization', ['orgId'], where, { orderBy: ['orgId'] });
  if (!plant) throw declaredError('purchasingDelivery.noPlant');
  return Number(plant.orgId);
}

export async function checkOutCart(
  tx: SqlExecutor,
  kernel: Kernel,
  input: CheckoutInput,
  ctx: ResourceContext,
  scope: FilterNode | undefined,
  onDate = today(),
): Promise<CreatedRequisition[]> {
  const orgId = await companyOf(tx, kernel, input.user.orgId);
  if (orgId === null) throw declaredError('purchasingDelivery.noCompany');
  const lines = await lockLines(tx, kernel, input.user.userId, input.ids);
  const prices = await pricesInForce(tx, kernel.registry, orgId, onDate, [
    ...new Set(lines.map((l) => Number(l.goodsId))),
  ]);
  const unpriced = lines.filter((l) => !prices.has(Number(l.goodsId)));
  if (unpriced.length) {
    const names = unpriced.map((l) => `${String(l.goodsCode)} ${String(l.goodsName)}`).join('、');
    throw declaredError('purchasingDelivery.unpricedGoods', { names });
  }
  const invOrgId = await plantOf(tx, kernel, orgId);
  const needBy = input.needByDate ?? needByOf(undefined, onDate);
  const entity = kernel.registry.entity(REQUISITION)!;
  const rows = new PlatformRows(kernel.registry, tx.dialect);
  const created: CreatedRequisition[] = [];
  // One requisition per supplier, in the order of each supplier's first line.
  for (const supplierId of new Set(lines.map((l) => Number(l.supplierId)))) {
    const body = {
      requisitionType: 'SHOPPING_CART',
      orgId,
      invOrgId,
      requesterId: input.user.userId,
      requisitionDate: onDate,
      currencyCode: 'CNY',
      description: '非生产物资商城购物车 / From the non-production goods cart',
      lines: lines
        .filter((line) => Number(line.supplierId) === supplierId)
        .map((line, i) => ({
          lineNum: i + 1,
          itemCode: line.goodsCode,
          itemName: line.goodsName,
          categoryId: Number(line.classifyId),
          uomCode: line.uomCode,
          quantity: String(line.count),
          estimatedPrice: prices.get(Number(line.goodsId))!.unitPriceIncl,
          needByDate: needBy,
          suggestedSupplierId: supplierId,
        })),
    };
    const record = prepareRecord(kernel.registry, entity, body, ctx);
    const requisitionHeaderId = await kernel.resources.writer.save(tx, entity, record, ctx, scope);
    const saved = await rows.one(tx, REQUISITION, ['requisitionNumber'], { requisitionHeaderId });
    created.push({ requisitionHeaderId, requisitionNumber: String(saved?.requisitionNumber ?? ''), supplierId });
  }
  await rows.delete(tx, CART, { userId: input.user.userId, cartId: lines.map((l) => Number(l.cartId)) });
  return created;
}
