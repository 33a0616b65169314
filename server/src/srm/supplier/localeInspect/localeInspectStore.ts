/**
 * SQL of the on-site inspection (DOMAIN.md §1.6): the header and its checklist lines; its to-dos
 * and notices go through TodoService, the one writer of those tables.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import { HISTORY } from '../../../lifecycle/history';
import { declaredText } from '../../../http/declaredErrors';
import { DomainStore } from '../../../platform/domainStore';
import { tellSupplier } from '../supplierTodo';

export const INSPECT = 'srmSlcLocaleInspect';
export const RECORD = 'srmSlcInspectRecord';
export const SUPPLIER_MENU = 'SUP_LOCALE_INSPECT';
export const EDIT_LINK = 'localeInspectEdit?id=';
/** DOMAIN §14 has no supplier to-do type for inspections; decision: the internal type's code, SLC_LOCALE_INSPECT. */
export const TODO_TYPE = 'SLC_LOCALE_INSPECT';

const HEADER_FIELDS = ['localeInspectId', 'inspectNumber', 'inspectPlanId', 'supplierId', 'qualifyHeaderId', 'status'];
const RECORD_FIELDS = ['inspectRecordId', 'itemSeq', 'inspectDimension', 'checkItem', 'standardScore'];
const SCORE_FIELDS = ['selfScore', 'expertUserId', 'expertScore', 'finding', 'attachmentIds', 'versionNum'];

export class LocaleInspectStore extends DomainStore {
  constructor(registry: MetadataRegistry, db: Database) {
    super(registry, db.dialect);
  }

  header(tx: SqlExecutor, id: number): Promise<Row | undefined> {
    return this.rows.one(tx, INSPECT, HEADER_FIELDS, { localeInspectId: id });
  }

  records(tx: SqlExecutor, id: number): Promise<Row[]> {
    const fields = [...RECORD_FIELDS, ...SCORE_FIELDS];
    return this.rows.select(tx, RECORD, fields, { localeInspectId: id }, { orderBy: ['inspectRecordId'] });
  }

  /** The users who ran `action` on this inspection (history), read under the lock (latest committed rows). */
  async actedBy(tx: SqlExecutor, id: number, action: string): Promise<number[]> {
    const where = { entityName: INSPECT, recordId: id, action };
    return (await this.rows.select(tx, HISTORY, ['userId'], where, { underLock: true })).map((r) => Number(r.userId));
  }

  /**
   * The supplier's self-check to-do and a notification to each of its users, when the plan
   * approval creates the inspection (the recipient is not a field of the plan).
   */
  async tellSupplier(
    tx: SqlExecutor,
    doc: { localeInspectId: number; inspectNumber: string; supplierId: number },
    planName: string,
    userId: number | null,
  ): Promise<void> {
    const task = {
      supplierId: doc.supplierId,
      entityName: INSPECT,
      billId: doc.localeInspectId,
      billType: TODO_TYPE,
      billNumber: doc.inspectNumber,
      title: declaredText('supplier.selfCheckDueTitle', doc),
      content: declaredText('supplier.selfCheckDueContent', { planName }),
      menuCode: SUPPLIER_MENU,
      link: `${EDIT_LINK}${doc.localeInspectId}`,
    };
    await tellSupplier(this.todos, tx, task, userId);
  }
}
