/**
 * The price list `srmPurMaterialPrice` (DOMAIN.md §5.8): the one place that says which price is
 * valid for an item, and the writes agreements and price changes make to it.
 *
 * Preference when several suppliers hold a valid price (decision, docs/decisions.md): per
 * supplier the row that started last (validFrom, then the newest row); among suppliers the highest
 * quota (quotaPercent, none = 0), then the lowest unit price for the quantity (price breaks
 * applied), then the lowest supplierId so that the answer never depends on row order.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry, RecordValues } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import type { ResourceWriter } from '../../../resource/resourceWriter';
import { PlatformRows, type Where } from '../../../lifecycle/platformRows';
import { compareDecimals, decimalText, toDecimal } from '../../../util/decimal';
import { dayBefore } from '../../../util/time';
import { dateText } from '../partContext';
import { parsePriceBreaks, priceForQuantity, priceInclTax, type PriceBreak } from './priceMath';

export const PRICE = 'srmPurMaterialPrice';
const ORG = 'baseOrganization';
const ITEM = 'srmBaseMaterialItem';
/** What findMaterialPrice reads of a price row: its identity and amounts, then what picks and describes it. */
const PRICE_KEYS = ['materialPriceId', 'supplierId', 'itemId', 'orgId', 'currencyCode', 'unitPriceExcl', 'taxRate'];
const PRICE_TERMS = ['minQty', 'priceBreaks', 'quotaPercent', 'agreementLineId', 'sourceType', 'sourceDocNumber'];

export interface PriceQuery {
  itemId: number;
  /** The buying organisation: a company, or a unit below it (its company's prices count too). */
  orgId: number;
  /** YYYY-MM-DD: the price must be valid on this day. */
  onDate: string;
  /** Only this supplier's price. */
  supplierId?: number;
  /** The ordered quantity: picks the price break and skips prices whose minQty is above it. */
  quantity?: string | number;
}

export interface FoundPrice {
  materialPriceId: number;
  supplierId: number;
  itemId: number;
  orgId: number;
  currencyCode: string;
  /** The unit price excl. tax for the quantity (price break applied), 6 decimals. */
  unitPriceExcl: string;
  /** The row's base price before price breaks. */
  baseUnitPriceExcl: string;
  taxRate: string;
  unitPriceIncl: string;
  quotaPercent: string | null;
  agreementLineId: number | null;
  sourceType: string;
  sourceDocNumber: string | null;
}

/** The valid price of an item for an organisation on a day (see the preference rule above); null when there is none. */
export async function findMaterialPrice(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  query: PriceQuery,
): Promise<FoundPrice | null> {
  const rows = new PlatformRows(registry, tx.dialect);
  const orgs = [query.orgId];
  const org = await rows.one(tx, ORG, ['companyId'], { orgId: query.orgId });
  if (org?.companyId !== null && org?.companyId !== undefined && Number(org.companyId) !== query.orgId)
    orgs.push(Number(org.companyId));
  const where: Where = { itemId: query.itemId, orgId: orgs, priceStatus: 'VALID' };
  if (query.supplierId !== undefined) where.supplierId = query.supplierId;
  const fields = [...PRICE_KEYS, ...PRICE_TERMS, 'validFrom', 'validTo'];
  const orderBy = ['supplierId', '-validFrom', '-materialPriceId'];
  const found = await rows.select(tx, PRICE, fields, where, { orderBy });
  const valid = found.filter(
    (r) => dateText(r.validFrom)! <= query.onDate && (!r.validTo || dateText(r.validTo)! >= query.onDate),
  );
  const quantity = query.quantity === undefined ? undefined : decimalText(query.quantity, 4);
  if (query.quantity !== undefined && quantity === null)
    throw declaredError('purchasingOrders.priceQuantityInvalid', {}, [{ field: 'quantity', message: 'not a number' }]);
  const qty = quantity ? toDecimal(quantity) : undefined;
  const perSupplier = new Map<number, FoundPrice>();
  for (const row of valid) {
    const supplierId = Number(row.supplierId);
    if (perSupplier.has(supplierId)) continue; // an older row of a supplier already answered
    const minQty = toDecimal(row.minQty);
    if (qty && minQty && compareDecimals(minQty, qty) > 0) continue;
    const base = decimalText(row.unitPriceExcl, 6)!;
    const { breaks } = parsePriceBreaks(row.priceBreaks);
    const unitPriceExcl = priceForQuantity(base, breaks, quantity);
    const taxRate = decimalText(row.taxRate, 4)!;
    perSupplier.set(supplierId, {
      materialPriceId: Number(row.materialPriceId),
      supplierId,
      itemId: Number(row.itemId),
      orgId: Number(row.orgId),
      currencyCode: String(row.currencyCode),
      unitPriceExcl,
      baseUnitPriceExcl: base,
      taxRate,
      unitPriceIncl: priceInclTax(unitPriceExcl, taxRate)!,
      quotaPercent: decimalText(row.quotaPercent, 4),
      agreementLineId:
        row.agreementLineId === null || row.agreementLineId === undefined ? null : Number(row.agreementLineId),
      sourceType: String(row.sourceType),
      sourceDocNumber:
        row.sourceDocNumber === null || row.sourceDocNumber === undefined ? null : String(row.sourceDocNumber),
    });
  }
  const zero = toDecimal('0')!;
  const candidates = [...perSupplier.values()].sort(
    (a, b) =>
      compareDecimals(toDecimal(b.quotaPercent) ?? zero, toDecimal(a.quotaPercent) ?? zero) ||
      compareDecimals(toDecimal(a.unitPriceExcl)!, toDecimal(b.unitPriceExcl)!) ||
      a.supplierId - b.supplierId,
  );
  return candidates[0] ?? null;
}

/** A new price-list row, written as it is (no hooks): the caller has computed every value. */
export interface NewPrice {
  itemId: number;
  itemCode: string | null;
  supplierId: number;
  orgId: number;
  currencyCode: string;
  unitPriceExcl: string;
  taxRate: string;
  minQty: string | null;
  priceBreaks: PriceBreak[];
  quotaPercent: string | null;
  validFrom: string;
  validTo: string | null;
  sourceType: string;
  sourceDocNumber: string | null;
  agreementLineId: number | null;
}

export class PriceList {
  private readonly rows: PlatformRows;

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly writer: ResourceWriter,
    dialect: SqlExecutor['dialect'],
  ) {
    this.rows = new PlatformRows(registry, dialect);
  }

  async insert(tx: SqlExecutor, price: NewPrice, ctx: ResourceContext): Promise<number> {
    return this.writer.insert(
      tx,
      this.registry.entity(PRICE)!,
      {
        ...price,
        priceBreaks: price.priceBreaks.length ? price.priceBreaks : null,
        unitPriceIncl: priceInclTax(price.unitPriceExcl, price.taxRate),
        priceStatus: 'VALID',
      },
      ctx,
    );
  }

  /**
   * A new price of an agreement line starts on `from`: its valid rows that started before end the
   * day before; rows that would start on or after it are replaced (INVALID).
   */
  async endLinePrices(tx: SqlExecutor, agreementLineId: number, from: string, ctx: ResourceContext): Promise<void> {
    const where = { agreementLineId, priceStatus: 'VALID' };
    const fields = ['materialPriceId', 'validFrom', 'validTo'];
    for (const r of await this.rows.select(tx, PRICE, fields, where, { underLock: true })) {
      const end: Record<string, SqlParam> | undefined =
        dateText(r.validFrom)! >= from
          ? { priceStatus: 'INVALID' }
          : !r.validTo || dateText(r.validTo)! >= from
            ? { validTo: dayBefore(from) }
            : undefined;
      if (end) await this.rows.update(tx, PRICE, end, { materialPriceId: Number(r.materialPriceId) }, ctx.userId);
    }
  }
}

/** Item code from the material master; unit price incl. tax computed; price breaks checked. `at` names the field path for errors. */
export async function preparePriceValues(
  tx: SqlExecutor,
  registry: MetadataRegistry,
  rows: RecordValues[],
  at: (i: number) => string,
  withUom = false,
): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.itemId).filter((id): id is number => typeof id === 'number'))];
  const fields = ['itemId', 'itemCode', 'primaryUomCode'];
  const items = await new PlatformRows(registry, tx.dialect).select(tx, ITEM, fields, { itemId: ids });
  const byId = new Map(items.map((r) => [Number(r.itemId), r]));
  rows.forEach((row, i) => {
    if (typeof row.itemId === 'number') {
      const item = byId.get(row.itemId);
      if (!item) throw Errors.validation([{ field: `${at(i)}itemId`, message: 'unknown material / 物料不存在' }]);
      row.itemCode = item.itemCode;
      if (withUom && !row.uomCode) row.uomCode = item.primaryUomCode;
    }
    if ('unitPriceExcl' in row && 'taxRate' in row) row.unitPriceIncl = priceInclTax(row.unitPriceExcl, row.taxRate);
    if ('priceBreaks' in row) {
      const { breaks, problem } = parsePriceBreaks(row.priceBreaks);
      if (problem) throw Errors.validation([{ field: `${at(i)}priceBreaks`, message: problem }]);
      row.priceBreaks = breaks.length ? breaks : null;
    }
  });
}

/** validFrom ≤ validTo, else 400 naming validTo. */
export function checkValidity(values: RecordValues): void {
  const from = typeof values.validFrom === 'string' ? values.validFrom : undefined;
  const to = typeof values.validTo === 'string' ? values.validTo : undefined;
  if (from && to && to < from)
    throw declaredError('purchasingOrders.priceValidToBeforeFrom', {}, [
      { field: 'validTo', message: 'before validFrom / 早于生效日期' },
    ]);
}

/**
 * Hand-entered prices (the price list screen): always MANUAL, derived values from the server. A
 * price a lifecycle declares (an approved agreement's, purAgreement.json) keeps its declared source.
 */
export function registerPriceListHooks(hooks: RecordHookRegistry, registry: MetadataRegistry): void {
  hooks.registerBeforeSave(PRICE, async ({ values, creating, declared, tx }) => {
    if (creating && !declared) values.sourceType = 'MANUAL';
    checkValidity(values);
    await preparePriceValues(tx, registry, [values], () => '');
  });
}
