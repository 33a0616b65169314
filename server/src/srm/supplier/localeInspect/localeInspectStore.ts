/** SQL of the on-site inspection (DOMAIN.md §1.6): the header, its checklist lines, to-dos and notices. */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import { HISTORY } from '../../../lifecycle/history';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { readUnderLock } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';

export const INSPECT = 'srmSlcLocaleInspect';
export const RECORD = 'srmSlcInspectRecord';
export const INSIDE_MENU = 'SLC_LOCALE_INSPECT';
export const SUPPLIER_MENU = 'SUP_LOCALE_INSPECT';
export const EDIT_LINK = 'localeInspectEdit?id=';
/** DOMAIN §14 has no supplier to-do type for inspections; decision: the internal type's code, SLC_LOCALE_INSPECT. */
export const TODO_TYPE = 'SLC_LOCALE_INSPECT';

const RECORD_FIELDS = ['inspectRecordId', 'itemSeq', 'inspectDimension', 'checkItem', 'standardScore'];
const SCORE_FIELDS = ['selfScore', 'expertUserId', 'expertScore', 'finding', 'attachmentIds', 'versionNum'];

export class LocaleInspectStore {
  readonly rows: PlatformRows;

  constructor(
    readonly registry: MetadataRegistry,
    db: Database,
  ) {
    this.rows = new PlatformRows(registry, db.dialect);
  }

  async header(tx: SqlExecutor, id: number): Promise<Row | undefined> {
    const { t, c } = this.rows.sql;
    const fields = ['localeInspectId', 'inspectNumber', 'inspectPlanId', 'supplierId', 'qualifyHeaderId', 'status'];
    const rows = await tx.select(
      `SELECT ${[...fields, 'inspectResult', 'expertScore', 'finalScore'].map((f) => `${c(INSPECT, f)} AS ${f}`).join(', ')} ` +
        `FROM ${t(INSPECT)} WHERE ${c(INSPECT, 'localeInspectId')} = ?`,
      [id],
    );
    return rows[0];
  }

  async records(tx: SqlExecutor, id: number): Promise<Row[]> {
    const { t, c } = this.rows.sql;
    return tx.select(
      `SELECT ${[...RECORD_FIELDS, ...SCORE_FIELDS].map((f) => `${c(RECORD, f)} AS ${f}`).join(', ')} FROM ${t(RECORD)} ` +
        `WHERE ${c(RECORD, 'localeInspectId')} = ? ORDER BY ${c(RECORD, 'inspectRecordId')}`,
      [id],
    );
  }

  /** The users who ran `action` on this inspection (history), read under the lock (latest committed rows). */
  async actedBy(tx: SqlExecutor, id: number, action: string): Promise<number[]> {
    const { t, c } = this.rows.sql;
    const rows = await readUnderLock(
      tx,
      `SELECT ${c(HISTORY, 'userId')} AS userId FROM ${t(HISTORY)} WHERE ${c(HISTORY, 'entityName')} = ? ` +
        `AND ${c(HISTORY, 'recordId')} = ? AND ${c(HISTORY, 'action')} = ?`,
      [INSPECT, id, action],
    );
    return rows.map((r) => Number(r.userId));
  }

  /** Inspections of the plan not yet APPROVED, under the plan's lock. */
  async openOfPlan(tx: SqlExecutor, planId: number): Promise<number> {
    const { t, c } = this.rows.sql;
    const rows = await readUnderLock(
      tx,
      `SELECT COUNT(*) AS n FROM ${t(INSPECT)} WHERE ${c(INSPECT, 'inspectPlanId')} = ? AND ${c(INSPECT, 'status')} <> 'APPROVED'`,
      [planId],
    );
    return Number(rows[0].n);
  }

  async supplierUsers(tx: SqlExecutor, supplierId: number): Promise<number[]> {
    const { t, c } = this.rows.sql;
    const rows = await tx.select(
      `SELECT ${c('baseUsers', 'userId')} AS userId FROM ${t('baseUsers')} WHERE ${c('baseUsers', 'supplierId')} = ? ` +
        `AND ${c('baseUsers', 'enabledFlag')} = 'Y'`,
      [supplierId],
    );
    return rows.map((r) => Number(r.userId));
  }

  /** The supplier's self-check to-do (baseSupplierTodo) and a notification to each of its users. */
  async tellSupplier(
    tx: SqlExecutor,
    doc: { localeInspectId: number; inspectNumber: string; supplierId: number },
    planName: string,
    userId: number | null,
  ): Promise<void> {
    const title = {
      cn: `现场考察 ${doc.inspectNumber} 待自评`,
      en: `On-site inspection ${doc.inspectNumber} awaits your self-check`,
    };
    await this.rows.insert(
      tx,
      'baseSupplierTodo',
      {
        pendingTitle: title.cn,
        pendingTitleEn: title.en,
        billType: TODO_TYPE,
        entityName: INSPECT,
        billId: doc.localeInspectId,
        billNumber: doc.inspectNumber,
        supplierId: doc.supplierId,
        menuCode: SUPPLIER_MENU,
        menuName: await this.rows.menuName(tx, SUPPLIER_MENU),
        billLink: `${EDIT_LINK}${doc.localeInspectId}`,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      userId,
    );
    for (const recipient of await this.supplierUsers(tx, doc.supplierId))
      await this.rows.insert(
        tx,
        'baseNotification',
        {
          notificationTitle: title.cn,
          notificationTitleEn: title.en,
          notificationContent: `考察计划「${planName}」已批准，请在「现场考察」中填写自评分并提交自评。`,
          notificationContentEn: `An inspection plan was approved: enter your self scores under "On-site inspection" and submit the self-check.`,
          notificationType: 'BUSINESS',
          recipientUserId: recipient,
          sourceBillType: TODO_TYPE,
          sourceEntityName: INSPECT,
          sourceBillId: doc.localeInspectId,
          viewFlag: 'N',
          sendDate: formatDateTime(),
        },
        userId,
      );
  }

  /** An expert's scoring to-do (baseTodo). */
  async expertTodo(tx: SqlExecutor, doc: Row, expertId: number, userId: number | null): Promise<void> {
    await this.rows.insert(
      tx,
      'baseTodo',
      {
        pendingTitle: `现场考察 ${String(doc.inspectNumber)} 待专家评分`,
        pendingTitleEn: `On-site inspection ${String(doc.inspectNumber)} awaits your expert scores`,
        billType: TODO_TYPE,
        entityName: INSPECT,
        billId: Number(doc.localeInspectId),
        billNumber: String(doc.inspectNumber),
        assigneeUserId: expertId,
        menuCode: INSIDE_MENU,
        menuName: await this.rows.menuName(tx, INSIDE_MENU),
        billLink: `${EDIT_LINK}${String(doc.localeInspectId)}`,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      userId,
    );
  }

  /** Marks open to-dos of this inspection handled: the supplier's (supplierTodo) or one assignee's. */
  async closeTodos(tx: SqlExecutor, id: number, who: { supplier: true } | { assignee: number }, userId: number | null) {
    const done = { handleFlag: 'Y', handleUserId: userId, handleDate: formatDateTime() };
    const open = { entityName: INSPECT, billId: id, billType: TODO_TYPE, handleFlag: 'N', cancelFlag: 'N' };
    if ('supplier' in who) await this.rows.update(tx, 'baseSupplierTodo', done, open, userId);
    else await this.rows.update(tx, 'baseTodo', done, { ...open, assigneeUserId: who.assignee }, userId);
  }
}
