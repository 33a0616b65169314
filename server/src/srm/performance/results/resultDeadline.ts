/**
 * The appeal deadline (DOMAIN.md §2.3, system RELEASED → CONFIRMED): a result the supplier neither
 * agreed to nor appealed is confirmed once its appealDeadline has passed (appealDeadline before
 * today; the supplier may still appeal on the deadline day itself), with the system as actor.
 *
 * As the blacklist expiry does, a small in-process daily timer runs it (00:20 local, unref'd;
 * SPE_APPEAL_DEADLINE_TIMER=off stops it). Each due result is confirmed in a transaction of its own:
 * its scheme (the lifecycle owner) is locked first, then the result is read again under lock and
 * skipped unless it is still RELEASED and due — an appeal at the same moment wins or loses cleanly.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../../../access/metaSql';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { LifecycleService } from '../../../lifecycle/lifecycleService';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import { systemContext, type ResourceContext } from '../../../resource/context';
import { lockOwner, readUnderLock } from '../../../resource/invariantLocks';
import { ResourceReader } from '../../../resource/resourceReader';
import { startDailyJob, stopDailyJob } from '../../../util/dailyJob';
import { PERF, SCHEME, todayText } from './resultStore';

export function deadlineReason(deadline: string): string {
  return `申诉期已于 ${deadline} 截止，系统自动确认 / The appeal period ended on ${deadline}: confirmed automatically`;
}

/** Confirms every RELEASED result whose appeal deadline lies before `on`; the ids confirmed. */
export async function confirmPastDeadline(
  registry: MetadataRegistry,
  db: Database,
  lifecycles: LifecycleService,
  ctx: ResourceContext = systemContext(),
  on: string = todayText(),
): Promise<number[]> {
  const { t, c } = new MetaSql(registry, db.dialect);
  const due = `${c(PERF, 'status')} = 'RELEASED' AND ${c(PERF, 'appealDeadline')} IS NOT NULL AND ${c(PERF, 'appealDeadline')} < ?`;
  const select = `SELECT ${c(PERF, 'performanceId')} AS id, ${c(PERF, 'schemeId')} AS schemeId, ${c(PERF, 'appealDeadline')} AS deadline FROM ${t(PERF)}`;
  const rows = await db.select(`${select} WHERE ${due} ORDER BY ${c(PERF, 'performanceId')}`, [on]);
  const entity = registry.entity(PERF)!;
  const done: number[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const confirmed = await db.transaction(async (tx) => {
      await lockOwner(tx, registry.entity(SCHEME)!, Number(row.schemeId));
      const [still] = await readUnderLock(tx, `${select} WHERE ${c(PERF, 'performanceId')} = ? AND ${due}`, [id, on]);
      if (!still || Number(still.schemeId) !== Number(row.schemeId)) return false;
      await lifecycles.runInTransaction(
        tx,
        entity,
        'doDeadlineConfirm',
        id,
        ctx,
        deadlineReason(String(still.deadline).slice(0, 10)),
      );
      return true;
    });
    if (confirmed) done.push(id);
  }
  return done;
}

const JOB = 'Performance appeal deadline';

export function stopAppealDeadline(): void {
  stopDailyJob(JOB);
}

export function registerAppealDeadline(deps: {
  hooks: RecordHookRegistry;
  handlers: TransitionHandlerRegistry;
  registry: MetadataRegistry;
  db: Database;
}): void {
  if (process.env.SPE_APPEAL_DEADLINE_TIMER === 'off') return;
  const { registry, db } = deps;
  const lifecycles = new LifecycleService(registry, db, new ResourceReader(registry, db), deps.hooks, deps.handlers);
  startDailyJob(JOB, { hour: 0, minute: 20 }, () => confirmPastDeadline(registry, db, lifecycles));
}
