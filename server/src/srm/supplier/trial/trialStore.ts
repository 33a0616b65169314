import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';
import { readUnderLock } from '../../../resource/invariantLocks';

export const SAMPLE = 'srmSlcSampleTrial';
export const TEST_INFO = 'srmSlcSampleTestInfo';
export const TRYOUT = 'srmSlcBatchTryout';
const QUALIFY = 'srmSlcQualifyHeader';
const NODE = 'srmSlcQualifyNodes';
const ITEM = 'srmBaseMaterialItem';

/** A qualification as a trial sees it: its state, supplier and the status of one node (undefined: no such node). */
export interface QualifyNodeState {
  qualifyNumber: string;
  status: string;
  supplierId: number;
  nodeStatus: string | undefined;
}

/** Reads of the sample trial and batch tryout (DOMAIN 1.7) across their lines, the item and the qualification. */
export class TrialStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Sample trial and batch tryout');
  }

  async testLines(tx: SqlExecutor, sampleTrialId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${c(TEST_INFO, 'testItem')} AS testItem, ${c(TEST_INFO, 'judgeResult')} AS judgeResult
       FROM ${t(TEST_INFO)} WHERE ${c(TEST_INFO, 'sampleTrialId')} = ? ORDER BY ${c(TEST_INFO, 'testInfoId')}`,
      [sampleTrialId],
    );
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

  /** The qualification and its node, read as committed last (a node may have been settled meanwhile). */
  async qualifyNode(tx: SqlExecutor, qualifyHeaderId: number, nodeCode: string): Promise<QualifyNodeState | undefined> {
    const { t, c } = this.sql;
    const [header] = await readUnderLock(
      tx,
      `SELECT ${c(QUALIFY, 'qualifyNumber')} AS qualifyNumber, ${c(QUALIFY, 'status')} AS status, ${c(QUALIFY, 'supplierId')} AS supplierId
       FROM ${t(QUALIFY)} WHERE ${c(QUALIFY, 'qualifyHeaderId')} = ?`,
      [qualifyHeaderId],
    );
    if (!header) return undefined;
    const [node] = await readUnderLock(
      tx,
      `SELECT ${c(NODE, 'nodeStatus')} AS nodeStatus FROM ${t(NODE)}
       WHERE ${c(NODE, 'qualifyHeaderId')} = ? AND ${c(NODE, 'nodeCode')} = ?`,
      [qualifyHeaderId, nodeCode],
    );
    return {
      qualifyNumber: String(header.qualifyNumber),
      status: String(header.status),
      supplierId: Number(header.supplierId),
      nodeStatus: node ? String(node.nodeStatus ?? 'PENDING') : undefined,
    };
  }
}

/** Sets the supplier's delivery date of a sample trial (versioned, audited); the caller holds the row's lock. */
export async function setDeliveryDate(
  store: TrialStore,
  tx: SqlExecutor,
  id: number,
  date: string,
  userId: number | null,
  now: string,
): Promise<void> {
  const { t, c } = store.sql;
  await tx.execute(
    `UPDATE ${t(SAMPLE)} SET ${c(SAMPLE, 'supplierDeliveryDate')} = ?, ${c(SAMPLE, 'versionNum')} = ${c(SAMPLE, 'versionNum')} + 1,
     ${c(SAMPLE, 'lastUpdatedBy')} = ?, ${c(SAMPLE, 'lastUpdateDate')} = ? WHERE ${c(SAMPLE, 'sampleTrialId')} = ?`,
    [date, userId, now, id],
  );
}
