/**
 * Reads and writes of the price adjustment (DOMAIN.md §3) across its lines, the index prices, the
 * preset proportions and the price list.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { decimalText } from '../../../util/decimal';

export const HEAD = 'srmSmlAdjustmentHead';
export const LINE = 'srmSmlAdjustmentLine';
export const LIST = 'srmSmlAdjustmentList';
export const INDEX = 'srmSmlIndexPrice';
export const PRESET = 'srmSmlPresetProportion';
export const ITEM = 'srmBaseMaterialItem';

export class AdjustmentStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Price adjustment');
  }

  async withLines(tx: SqlExecutor, header: Row, ctx: ResourceContext): Promise<Row & { lines: Row[] }> {
    const full = await this.reader.withChildren(this.model(HEAD), { ...header }, ctx, tx);
    return { ...full, lines: (full.lines as Row[] | undefined) ?? [] };
  }

  /** The index price of a raw material for a period (yyyy-MM), 6 places; null when none is recorded. */
  async indexPrice(tx: SqlExecutor, rawMaterialCode: string, period: string): Promise<string | null> {
    const [row] = await this.rowsWhere(tx, INDEX, { rawMaterialCode, period }, false);
    return row ? decimalText(row.price, 6) : null;
  }

  /**
   * VALID preset proportions of an item valid on a day (yyyy-MM-dd, open ends count as valid): the
   * supplier's own rows first, then the generic ones (no supplier).
   */
  async presets(
    tx: SqlExecutor,
    q: { itemId: number; supplierId: number | null; onDate: string | null },
  ): Promise<Row[]> {
    const { t, c } = this.sql;
    const col = (f: string) => `${c(PRESET, f)} AS ${f}`;
    const params: SqlParam[] = [q.itemId];
    let sql =
      `SELECT ${['presetProportionId', 'itemId', 'itemCode', 'supplierId', 'rawMaterialCode', 'proportion', 'baseIndexPrice', 'validFrom', 'validTo', 'status'].map(col).join(', ')} ` +
      `FROM ${t(PRESET)} WHERE ${c(PRESET, 'itemId')} = ? AND ${c(PRESET, 'status')} = 'VALID'`;
    if (q.supplierId) {
      sql += ` AND (${c(PRESET, 'supplierId')} = ? OR ${c(PRESET, 'supplierId')} IS NULL)`;
      params.push(q.supplierId);
    } else sql += ` AND ${c(PRESET, 'supplierId')} IS NULL`;
    if (q.onDate) {
      sql += ` AND (${c(PRESET, 'validFrom')} IS NULL OR ${c(PRESET, 'validFrom')} <= ?) AND (${c(PRESET, 'validTo')} IS NULL OR ${c(PRESET, 'validTo')} >= ?)`;
      params.push(q.onDate, q.onDate);
    }
    sql += ` ORDER BY CASE WHEN ${c(PRESET, 'supplierId')} IS NULL THEN 1 ELSE 0 END, ${c(PRESET, 'validFrom')} DESC, ${c(PRESET, 'presetProportionId')} DESC`;
    const rows = await tx.select(sql, params);
    return rows.map((r) => ({
      ...r,
      presetProportionId: Number(r.presetProportionId),
      itemId: Number(r.itemId),
      supplierId: r.supplierId === null || r.supplierId === undefined ? null : Number(r.supplierId),
      proportion: decimalText(r.proportion, 4),
      baseIndexPrice: decimalText(r.baseIndexPrice, 6),
      validFrom: r.validFrom ? String(r.validFrom).slice(0, 10) : null,
      validTo: r.validTo ? String(r.validTo).slice(0, 10) : null,
    }));
  }

  async itemCodes(tx: SqlExecutor, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${c(ITEM, 'itemId')} AS id, ${c(ITEM, 'itemCode')} AS code FROM ${t(ITEM)} WHERE ${c(ITEM, 'itemId')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [Number(r.id), String(r.code)]));
  }
}
