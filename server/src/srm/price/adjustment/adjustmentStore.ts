/**
 * Reads and writes of the price adjustment (DOMAIN.md §3) across its lines, the index prices, the
 * preset proportions and the price list.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { decimalText } from '../../../util/decimal';
import { decodeRow, nullableNumber, nullableText, type Decoded } from '../../../util/rowDecode';

export const HEAD = 'srmSmlAdjustmentHead';
export const LINE = 'srmSmlAdjustmentLine';
export const LIST = 'srmSmlAdjustmentList';
export const INDEX = 'srmSmlIndexPrice';
export const PRESET = 'srmSmlPresetProportion';
export const ITEM = 'srmBaseMaterialItem';

const day = (v: unknown) => (v ? String(v).slice(0, 10) : null);

/** A preset proportion as findPresetProportion answers it. */
const PRESET_ROW = {
  presetProportionId: Number,
  itemId: Number,
  itemCode: nullableText,
  supplierId: nullableNumber,
  rawMaterialCode: nullableText,
  proportion: (v: unknown) => decimalText(v, 4),
  baseIndexPrice: (v: unknown) => decimalText(v, 6),
  validFrom: day,
  validTo: day,
  status: String,
};

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
  ): Promise<Decoded<typeof PRESET_ROW>[]> {
    const on = q.onDate;
    const stored = await this.rows.select(tx, PRESET, Object.keys(PRESET_ROW), { itemId: q.itemId, status: 'VALID' });
    return stored
      .map((r) => decodeRow(PRESET_ROW, r))
      .filter((p) => p.supplierId === null || p.supplierId === q.supplierId)
      .filter((p) => !on || ((!p.validFrom || p.validFrom <= on) && (!p.validTo || p.validTo >= on)))
      .sort(
        (a, b) =>
          Number(a.supplierId === null) - Number(b.supplierId === null) ||
          (b.validFrom ?? '').localeCompare(a.validFrom ?? '') ||
          b.presetProportionId - a.presetProportionId,
      );
  }

  async itemCodes(tx: SqlExecutor, ids: number[]): Promise<Map<number, string>> {
    const rows = await this.rows.select(tx, ITEM, ['itemId', 'itemCode'], { itemId: ids });
    return new Map(rows.map((r) => [Number(r.itemId), String(r.itemCode)]));
  }
}
