import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';

export const SAMPLE = 'srmSlcSampleTrial';
export const TRYOUT = 'srmSlcBatchTryout';
const ITEM = 'srmBaseMaterialItem';

/** Reads and writes of the sample trial and batch tryout (DOMAIN 1.7) beyond their own rows: the item. */
export class TrialStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Sample trial and batch tryout');
  }

  async item(tx: SqlExecutor, itemId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(ITEM, 'itemCode')} AS itemCode, ${c(ITEM, 'categoryId')} AS categoryId, ${c(ITEM, 'primaryUomCode')} AS primaryUomCode
       FROM ${t(ITEM)} WHERE ${c(ITEM, 'itemId')} = ?`,
      [itemId],
    );
    return row;
  }
}
