import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
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
}
