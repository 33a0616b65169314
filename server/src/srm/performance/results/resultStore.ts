/**
 * Reads and writes of the performance result (DOMAIN.md §2.3, srmSpePerformance): its history rows
 * (srmSpePerformanceHistory), the supplier's and the buyer's to-dos, and the scheme's move to
 * RELEASED once its last result is released.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { readUnderLock } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';
import { today } from '../../purchasing/price/priceMath';

export const PERF = 'srmSpePerformance';
export const HISTORY = 'srmSpePerformanceHistory';
export const SCHEME = 'srmSpeScheme';
export const SUPPLIER_TODO = 'baseSupplierTodo';
export const TODO = 'baseTodo';
export const DEFAULT_APPEAL_DAYS = 7;

/** yyyy-MM-dd plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const todayText = (): string => today();
export const dateText = (v: unknown): string | null => (v ? String(v).slice(0, 10) : null);

export interface HistoryEntry {
  performanceId: number;
  actionCode: string;
  fromStatus: string | null;
  toStatus: string | null;
  oldTotalScore?: SqlParam;
  newTotalScore?: SqlParam;
  oldGradeCode?: SqlParam;
  newGradeCode?: SqlParam;
  reason?: string | null;
  actorUserId: number | null;
}

export interface SupplierTodo {
  billType: 'SRM_PERFORMANCE' | 'SRM_RECTIFICATION';
  menuCode: string;
  menuName: string;
  billLink: string;
  title: { cn: string; en: string };
}

export class ResultStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Performance result');
  }

  async history(tx: SqlExecutor, entry: HistoryEntry, ctx: ResourceContext): Promise<void> {
    await this.writer.insert(
      tx,
      this.model(HISTORY),
      {
        oldTotalScore: null,
        newTotalScore: null,
        oldGradeCode: null,
        newGradeCode: null,
        reason: null,
        ...entry,
        actionDate: formatDateTime(),
      },
      ctx,
    );
  }

  /** The scheme's appeal days (its appealDays field when the scheme has one and it is set; 7 otherwise). */
  async appealDays(tx: SqlExecutor, schemeId: number): Promise<number> {
    if (!this.model(SCHEME).field('appealDays')) return DEFAULT_APPEAL_DAYS;
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SCHEME, 'appealDays')} AS d FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    const days = Number(row?.d);
    return row?.d !== null && row?.d !== undefined && Number.isInteger(days) && days >= 0 ? days : DEFAULT_APPEAL_DAYS;
  }

  async settingOf(tx: SqlExecutor, schemeId: number): Promise<number | null> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(SCHEME, 'settingHeadId')} AS s FROM ${t(SCHEME)} WHERE ${c(SCHEME, 'schemeId')} = ?`,
      [schemeId],
    );
    return row?.s === null || row?.s === undefined ? null : Number(row.s);
  }

  /**
   * The scheme becomes RELEASED (a system move, DOMAIN §2.2) when none of its results is left
   * UNRELEASED. Every result transition has locked the scheme first (registerOwner), so the count
   * under that lock sees the other releases committed before.
   */
  async releaseSchemeWhenDone(tx: SqlExecutor, schemeId: number, ctx: ResourceContext): Promise<boolean> {
    const { t, c } = this.sql;
    const [{ n }] = await readUnderLock(
      tx,
      `SELECT COUNT(*) AS n FROM ${t(PERF)} WHERE ${c(PERF, 'schemeId')} = ? AND ${c(PERF, 'status')} = 'UNRELEASED'`,
      [schemeId],
    );
    if (Number(n) > 0) return false;
    const changed = await tx.execute(
      `UPDATE ${t(SCHEME)} SET ${c(SCHEME, 'status')} = 'RELEASED', ${c(SCHEME, 'versionNum')} = ${c(SCHEME, 'versionNum')} + 1, ` +
        `${c(SCHEME, 'lastUpdatedBy')} = ?, ${c(SCHEME, 'lastUpdateDate')} = ? WHERE ${c(SCHEME, 'schemeId')} = ? AND ${c(SCHEME, 'status')} = 'CALCULATED'`,
      [ctx.userId, formatDateTime(), schemeId],
    );
    return changed.affected > 0;
  }

  async raiseSupplierTodo(tx: SqlExecutor, record: Row, todo: SupplierTodo, ctx: ResourceContext): Promise<void> {
    const id = Number(record.performanceId);
    await this.writer.insert(
      tx,
      this.model(SUPPLIER_TODO),
      {
        pendingTitle: todo.title.cn,
        pendingTitleEn: todo.title.en,
        billType: todo.billType,
        entityName: PERF,
        billId: id,
        billNumber: String(record.performanceNumber ?? id),
        supplierId: Number(record.supplierId),
        menuCode: todo.menuCode,
        menuName: todo.menuName,
        billLink: `${todo.billLink}?id=${id}`,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      ctx,
    );
  }

  async closeSupplierTodos(tx: SqlExecutor, id: number, billType: string, userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    const T = SUPPLIER_TODO;
    await tx.execute(
      `UPDATE ${t(T)} SET ${c(T, 'handleFlag')} = 'Y', ${c(T, 'handleUserId')} = ?, ${c(T, 'handleDate')} = ? ` +
        `WHERE ${c(T, 'entityName')} = ? AND ${c(T, 'billId')} = ? AND ${c(T, 'billType')} = ? AND ${c(T, 'handleFlag')} = 'N'`,
      [userId, formatDateTime(), PERF, id, billType],
    );
  }

  /** Who handles an appeal: the user who released the result (its latest release in the history); the record's creator otherwise. */
  async releaser(tx: SqlExecutor, record: Row): Promise<number | null> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${c(HISTORY, 'actorUserId')} AS u FROM ${t(HISTORY)} WHERE ${c(HISTORY, 'performanceId')} = ? AND ${c(HISTORY, 'actionCode')} = 'release' ` +
        `AND ${c(HISTORY, 'actorUserId')} IS NOT NULL ORDER BY ${c(HISTORY, 'performanceHistoryId')} DESC`,
      [Number(record.performanceId)],
    );
    const user = row?.u ?? record.createdBy;
    return user === null || user === undefined ? null : Number(user);
  }

  async raiseAppealTodo(tx: SqlExecutor, record: Row, ctx: ResourceContext): Promise<void> {
    const id = Number(record.performanceId);
    const number = String(record.performanceNumber ?? id);
    const assignee = await this.releaser(tx, record);
    await this.writer.insert(
      tx,
      this.model(TODO),
      {
        pendingTitle: `考评结果 ${number} 供应商申诉待处理`,
        pendingTitleEn: `Performance result ${number}: the supplier appeals`,
        billType: 'SPE_APPEAL',
        entityName: PERF,
        billId: id,
        billNumber: number,
        assigneeUserId: assignee,
        menuCode: 'SPE_PERFORMANCE_RESULT',
        menuName: '考评结果',
        billLink: `SpePerformance/SpePerformanceEdit?id=${id}`,
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      ctx,
    );
  }

  async closeAppealTodos(tx: SqlExecutor, id: number, userId: number | null): Promise<void> {
    const { t, c } = this.sql;
    await tx.execute(
      `UPDATE ${t(TODO)} SET ${c(TODO, 'handleFlag')} = 'Y', ${c(TODO, 'handleUserId')} = ?, ${c(TODO, 'handleDate')} = ? ` +
        `WHERE ${c(TODO, 'entityName')} = ? AND ${c(TODO, 'billId')} = ? AND ${c(TODO, 'billType')} = 'SPE_APPEAL' AND ${c(TODO, 'handleFlag')} = 'N'`,
      [userId, formatDateTime(), PERF, id],
    );
  }
}
