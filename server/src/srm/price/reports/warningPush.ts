/**
 * warningPush (srmSmlWarningReport's 推送 button): for each selected warning row (a preset
 * proportion), a notification to the buyers responsible — the buyer who created the supplier's latest
 * price adjustment, else the pushing user (docs/decisions.md "Issue 17: price reports") — once per
 * row per day: a row already pushed today is skipped and the answer says so. The preset row is
 * locked while its push is decided, so two pushes at once send one.
 */
import type { SqlExecutor } from '../../../db/sqlExecutor';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import { readUnderLock } from '../../../resource/invariantLocks';
import { NOTIFICATION as NOTE } from '../../../todos/todoService';
import { formatDateTime } from '../../../util/time';
import type { ReportRow } from './priceReports';
import type { ReportReads } from './reportReads';

const PRESET = 'srmSmlPresetProportion';
const HEAD = 'srmSmlAdjustmentHead';

/** Whether the row was pushed today, read under the preset row's lock (a push in between is counted). */
async function pushedToday(reads: ReportReads, tx: SqlExecutor, id: number, day: string): Promise<boolean> {
  const { t, c } = reads.sql;
  await reads.rows.one(tx, PRESET, ['presetProportionId'], { presetProportionId: id }, { underLock: true });
  // A locking read: a plain one would answer from the snapshot of this transaction's first read
  // (the report rows), before the other push this lock waited for.
  const [row] = await readUnderLock(
    tx,
    `SELECT COUNT(*) AS n FROM ${t(NOTE)} WHERE ${c(NOTE, 'sourceEntityName')} = ? AND ${c(NOTE, 'sourceBillId')} = ? AND ${c(NOTE, 'sendDate')} >= ?`,
    [PRESET, id, `${day} 00:00:00`],
  );
  return Number(row.n) > 0;
}

/** The buyer who created the supplier's latest price adjustment, else the pushing user. */
async function recipients(reads: ReportReads, tx: SqlExecutor, supplierId: number, caller: number | null) {
  const [latest] = await reads.rows.select(tx, HEAD, ['createdBy'], { supplierId }, { orderBy: ['-adjustmentHeadId'] });
  const buyer = latest?.createdBy === null || latest?.createdBy === undefined ? caller : Number(latest.createdBy);
  return buyer === null ? [] : [buyer];
}

export async function pushWarnings(
  reads: ReportReads,
  tx: SqlExecutor,
  warnings: ReportRow[],
  ids: number[],
  ctx: ResourceContext,
): Promise<{ pushed: number[]; skipped: number[] }> {
  const byId = new Map(warnings.map((w) => [w.presetProportionId, w]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw declaredError('price.noLongerWarnings', { rows: missing.join(', ') });
  const now = formatDateTime();
  const result = { pushed: [] as number[], skipped: [] as number[] };
  for (const id of ids) {
    if (await pushedToday(reads, tx, id, now.slice(0, 10))) {
      result.skipped.push(id);
      continue;
    }
    const w = byId.get(id)!;
    for (const recipientUserId of await recipients(reads, tx, w.supplierId, ctx.userId))
      await reads.todos.notify(
        tx,
        {
          recipientUserId,
          title: declaredText('price.warningPushTitle', w),
          content: declaredText('price.warningPushContent', w),
          type: 'BUSINESS',
          source: { billType: null, entityName: PRESET, billId: id },
        },
        ctx.userId,
      );
    result.pushed.push(id);
  }
  return result;
}
