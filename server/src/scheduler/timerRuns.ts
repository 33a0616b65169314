/**
 * The runs of timers, one row each in the platform table baseTimerRun (base_timer_run), whose
 * unique key (timerName, dueSlot) is the claim: the instance whose insert commits runs the slot,
 * and the other's insert fails on the key — it waits on MariaDB until the first commits — and it
 * skips. So each due slot runs once however many server processes share the database. The row
 * then records the run: started, finished, rows affected, error text.
 */
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import { isDuplicateKey } from '../resource/dbErrors';
import { formatDateTime } from '../util/time';

export const TIMER_RUN = 'baseTimerRun';

export type RunTrigger = 'SCHEDULE' | 'CATCH_UP' | 'MANUAL';

/** The longest error text kept (the column's length). */
const ERROR_TEXT_MAX = 2000;

/** Claims the slot for this instance: the new run's id, or undefined when another instance has it. */
export async function claimRun(
  kernel: Kernel,
  claim: { timerName: string; dueSlot: string; trigger: RunTrigger; instanceName: string },
  ctx: ResourceContext,
): Promise<number | undefined> {
  const model = kernel.registry.entity(TIMER_RUN)!;
  try {
    return await kernel.db.transaction((tx) =>
      kernel.resources.writer.insert(
        tx,
        model,
        {
          timerName: claim.timerName,
          dueSlot: claim.dueSlot,
          runTrigger: claim.trigger,
          runStatus: 'RUNNING',
          startedAt: formatDateTime(),
          instanceName: claim.instanceName.slice(0, 120),
        },
        ctx,
      ),
    );
  } catch (e) {
    if (isDuplicateKey(e)) return undefined;
    throw e;
  }
}

/** Records how the run ended. */
export async function finishRun(
  kernel: Kernel,
  runId: number,
  outcome: { rowsAffected: number; error?: string },
): Promise<void> {
  const model = kernel.registry.entity(TIMER_RUN)!;
  const q = kernel.db.dialect.quote;
  const col = (field: string) => q(model.field(field)!.column);
  await kernel.db.transaction((tx) =>
    tx.execute(
      `UPDATE ${q(model.table)} SET ${col('runStatus')} = ?, ${col('finishedAt')} = ?, ${col('rowsAffected')} = ?, ` +
        `${col('errorText')} = ?, ${q('version_num')} = ${q('version_num')} + 1 WHERE ${col('timerRunId')} = ?`,
      [
        outcome.error ? 'FAILED' : 'SUCCEEDED',
        formatDateTime(),
        outcome.rowsAffected,
        outcome.error ? outcome.error.slice(0, ERROR_TEXT_MAX) : null,
        runId,
      ],
    ),
  );
}

/** The timer name of a recorded run (run now from a row). */
export async function timerNameOfRun(kernel: Kernel, runId: number): Promise<string | undefined> {
  const model = kernel.registry.entity(TIMER_RUN)!;
  const q = kernel.db.dialect.quote;
  const rows = await kernel.db.select(
    `SELECT ${q(model.field('timerName')!.column)} AS name FROM ${q(model.table)} WHERE ${q(model.field('timerRunId')!.column)} = ?`,
    [runId],
  );
  return rows[0] ? String(rows[0].name) : undefined;
}
