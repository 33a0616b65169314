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

/**
 * The document, action and label a history row names: the run's own, or — in a lifecycle whose
 * records only other documents move (historyNamesCause: a supplier's status) — the document whose
 * transition moved it, its number, type, action and comment, after this move's label
 * ("冻结（日常管理 DM001）").
 */
function namedInHistory(run: TransitionRun) {
  const t = run.transition;
  const cause = run.lifecycle.historyNamesCause ? run.cause : undefined;
  const own = { cn: t.label?.cn ?? t.action, en: t.label?.en ?? t.action };
  if (!cause)
    return {
      billNumber: billNumberOf(run.entity, run.lifecycle, run.record),
      billType: run.lifecycle.approvalRule?.billType ?? null,
      action: t.action,
      actionLabel: own.cn,
      actionLabelEn: own.en,
      comment: run.comment,
    };
  const number = billNumberOf(cause.entity, cause.lifecycle, cause.record) ?? '';
  const doc = cause.entity.def.label ?? { cn: cause.entity.name, en: cause.entity.name };
  return {
    billNumber: number,
    billType: cause.lifecycle.approvalRule?.billType ?? null,
    action: cause.transition.action,
    actionLabel: `${own.cn}（${doc.cn} ${number}）`,
    actionLabelEn: `${own.en} (${doc.en} ${number})`,
    comment: cause.comment,
  };
}

export async function writeHistory(rows: PlatformRows, run: TransitionRun): Promise<void> {
  const t = run.transition;
  await rows.insert(
    run.tx,
    HISTORY,
    {
      entityName: run.entity.name,
      recordId: run.id,
      ...namedInHistory(run),
      fromState: run.from,
      toState: run.to,
      approval: t.approval && !t.effects?.includes('stampSubmitter') ? 'Y' : 'N',
      approvalStep: run.step ?? null,
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
