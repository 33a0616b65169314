import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { PriceList } from '../price/materialPrices';

export const AGREEMENT = 'srmPurAgreementHeader';
export const AGREEMENT_LINE = 'srmPurAgreementLine';
export const ADJUST = 'srmPurPriceAdjust';
export const ADJUST_LINE = 'srmPurPriceAdjustLine';

/** The agreement and price-change queries: headers, lines and the price list they feed. */
export class AgreementStore extends EntityStore {
  readonly prices: PriceList;

  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'The agreements and prices');
    this.prices = new PriceList(registry, this.writer, db.dialect);
  }

  /** A header with its decoded lines (dates as YYYY-MM-DD, decimals as strings, price breaks as a list), inside `tx`. */
  async withLines(tx: SqlExecutor, entity: string, header: Row, ctx: ResourceContext): Promise<Row & { lines: Row[] }> {
    const full = await this.reader.withChildren(this.model(entity), { ...header }, ctx, tx);
    return { ...full, lines: (full.lines as Row[] | undefined) ?? [] };
  }

  /** The agreement header, read inside `tx`; undefined when missing. */
  async agreement(tx: SqlExecutor, id: number, ctx: ResourceContext): Promise<Row | undefined> {
    return (await this.reader.byId(this.model(AGREEMENT), id, ctx, undefined, tx)) ?? undefined;
  }
}
