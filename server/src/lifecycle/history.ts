import type { EntityModel, LifecycleDef } from '@meridian/metadata';
import type { SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';
import type { PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

export const HISTORY = 'baseLifecycleHistory';

/** Actions of a lifecycle that (re)submit a document: their latest history row names the submitter. */
export function submitActions(lifecycle: LifecycleDef): string[] {
  return lifecycle.transitions.filter((t) => t.effects?.includes('stampSubmitter')).map((t) => t.action);
}

/** The document number shown in history, to-dos and notifications. */
export function billNumberOf(
  entity: EntityModel,
  lifecycle: LifecycleDef,
  record: Record<string, unknown>,
): string | null {
  const field = lifecycle.approvalRule?.billNumberField ?? entity.def.displayField;
  const value = field ? record[field] : undefined;
  return value === undefined || value === null ? null : String(value);
}

export async function writeHistory(rows: PlatformRows, run: TransitionRun): Promise<void> {
  const t = run.transition;
  await rows.insert(
    run.tx,
    HISTORY,
    {
      entityName: run.entity.name,
      recordId: run.id,
      billNumber: billNumberOf(run.entity, run.lifecycle, run.record),
      billType: run.lifecycle.approvalRule?.billType ?? null,
      action: t.action,
      actionLabel: t.label?.cn ?? t.action,
      actionLabelEn: t.label?.en ?? t.action,
      fromState: run.from,
      toState: run.to,
      approval: t.approval && !t.effects?.includes('stampSubmitter') ? 'Y' : 'N',
      approvalStep: run.step ?? null,
      comment: run.comment,
      userId: run.actor.userId,
      userName: run.actor.userName,
      actionDate: formatDateTime(),
    },
    run.actor.userId,
  );
}

/**
 * The document's history since its latest submit (inclusive), oldest first: who submitted it and
 * which approval steps are already decided. Read in the transaction, under the record's lock.
 */
export async function sinceLatestSubmit(
  tx: SqlExecutor,
  rows: PlatformRows,
  entity: EntityModel,
  lifecycle: LifecycleDef,
  id: number,
): Promise<{ submitterId: number | null; approvals: number }> {
  const { t, c } = rows.sql;
  const submits = submitActions(lifecycle);
  if (!submits.length) return { submitterId: null, approvals: 0 };
  const history = await tx.select(
    `SELECT ${c(HISTORY, 'historyId')} AS historyId, ${c(HISTORY, 'action')} AS action, ${c(HISTORY, 'userId')} AS userId, ${c(HISTORY, 'fromState')} AS fromState, ` +
      `${c(HISTORY, 'toState')} AS toState, ${c(HISTORY, 'approval')} AS approval FROM ${t(HISTORY)} WHERE ${c(HISTORY, 'entityName')} = ? AND ${c(HISTORY, 'recordId')} = ? ` +
      `ORDER BY ${c(HISTORY, 'historyId')}`,
    [entity.name, id] as SqlParam[],
  );
  let start = -1;
  history.forEach((h, i) => {
    if (submits.includes(String(h.action))) start = i;
  });
  if (start < 0) return { submitterId: null, approvals: 0 };
  const later = history.slice(start + 1);
  // A step is decided when an approval kept the document in its state (it moved to the next step).
  const approvals = later.filter((h) => h.approval === 'Y' && h.fromState === h.toState).length;
  const submitter = history[start].userId;
  return { submitterId: submitter === null || submitter === undefined ? null : Number(submitter), approvals };
}
