/** The reads behind the price monitoring and warning reports (DOMAIN.md §3 "Reports"). */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { DomainStore } from '../../../platform/domainStore';

const INDEX = 'srmSmlIndexPrice';
const PRESET = 'srmSmlPresetProportion';
const HEAD = 'srmSmlAdjustmentHead';
const LINE = 'srmSmlAdjustmentLine';
const PRICE = 'srmPurMaterialPrice';
const SUPPLIER = 'srmSlcSupplierInfo';

/** Adjustments still under way (DRAFT to APPROVED in the status lookup's order, a rejected one may be resubmitted). */
export const OPEN_ADJUSTMENT = ['DRAFT', 'SUBMITTED', 'REJECTED', 'APPROVED'];

/** The reads; `todos` is the platform's writer of the pushed notifications. */
export class ReportReads extends DomainStore {
  /** Index prices, oldest period first; of one raw material when given, within [from, to] periods when given. */
  async series(tx: SqlExecutor, material?: string, from?: string, to?: string): Promise<Row[]> {
    const rows = await this.rows.select(
      tx,
      INDEX,
      ['rawMaterialCode', 'period', 'price'],
      material ? { rawMaterialCode: material } : {},
      { orderBy: ['rawMaterialCode', 'period', 'indexPriceId'] },
    );
    return rows.filter((r) => (!from || String(r.period) >= from) && (!to || String(r.period) <= to));
  }

  /** VALID preset proportions of a supplier's item (the report's rows), with the supplier's name. */
  async presets(tx: SqlExecutor, material?: string): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT p.${c(PRESET, 'presetProportionId')} AS presetProportionId, p.${c(PRESET, 'itemId')} AS itemId, p.${c(PRESET, 'itemCode')} AS itemCode, ` +
        `p.${c(PRESET, 'supplierId')} AS supplierId, s.${c(SUPPLIER, 'supplierName')} AS supplierName, s.${c(SUPPLIER, 'supplierCode')} AS supplierCode, ` +
        `p.${c(PRESET, 'rawMaterialCode')} AS rawMaterialCode, p.${c(PRESET, 'proportion')} AS proportion, p.${c(PRESET, 'baseIndexPrice')} AS baseIndexPrice ` +
        `FROM ${t(PRESET)} p JOIN ${t(SUPPLIER)} s ON s.${c(SUPPLIER, 'supplierId')} = p.${c(PRESET, 'supplierId')} ` +
        `WHERE p.${c(PRESET, 'status')} = 'VALID'${material ? ` AND p.${c(PRESET, 'rawMaterialCode')} = ?` : ''} ` +
        `ORDER BY p.${c(PRESET, 'rawMaterialCode')}, p.${c(PRESET, 'itemCode')}, p.${c(PRESET, 'presetProportionId')}`,
      material ? [material] : [],
    );
  }

  /**
   * The adjustment lines of the supplier's item, newest adjustment first: the raw material, the
   * current index and the adjustment's status, dates and number.
   */
  async adjustments(tx: SqlExecutor, preset: Row): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT l.${c(LINE, 'rawMaterialCode')} AS rawMaterialCode, l.${c(LINE, 'currentIndexPrice')} AS currentIndexPrice, h.${c(HEAD, 'status')} AS status, ` +
        `h.${c(HEAD, 'confirmDate')} AS confirmDate, h.${c(HEAD, 'effectiveDate')} AS effectiveDate, h.${c(HEAD, 'adjustmentNumber')} AS adjustmentNumber ` +
        `FROM ${t(LINE)} l JOIN ${t(HEAD)} h ON h.${c(HEAD, 'adjustmentHeadId')} = l.${c(LINE, 'adjustmentHeadId')} ` +
        `WHERE h.${c(HEAD, 'supplierId')} = ? AND l.${c(LINE, 'itemId')} = ? ORDER BY h.${c(HEAD, 'adjustmentHeadId')} DESC`,
      [Number(preset.supplierId), Number(preset.itemId)],
    );
  }

  /** The supplier's VALID price of the item in force on `day` (latest validFrom): unit price excluding tax. */
  async materialPrice(tx: SqlExecutor, preset: Row, day: string): Promise<unknown> {
    const key = { supplierId: Number(preset.supplierId), itemId: Number(preset.itemId), priceStatus: 'VALID' };
    const prices = await this.rows.select(tx, PRICE, ['unitPriceExcl', 'validFrom', 'validTo'], key, {
      orderBy: ['-validFrom', '-materialPriceId'],
    });
    const valid = prices.find((r) => String(r.validFrom) <= day && (!r.validTo || String(r.validTo) >= day));
    return valid?.unitPriceExcl ?? null;
  }
}
