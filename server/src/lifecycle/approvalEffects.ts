import {
  evaluateFilter,
  pickText,
  type ApprovalRule,
  type ApproverSet,
  type FilterVariables,
  type I18nText,
} from '@meridian/metadata';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import { formatDateTime } from '../util/time';
import { resolveApprovers } from './approvers';
import { billNumberOf } from './history';
import { fillPattern, type PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

const TODO = 'baseTodo';
const NOTIFICATION = 'baseNotification';

/**
 * The approver sets a document goes through: the rule's approvers, then each further step whose
 * `when` the record matches (the record as read under lock when a decision is made).
 */
export function approvalSteps(rule: ApprovalRule, record: Row, vars: FilterVariables | undefined): ApproverSet[] {
  const further = (rule.steps ?? []).filter((s) => !s.when || evaluateFilter(s.when, record, vars));
  return [rule.approvers, ...further.map((s) => s.approvers)];
}

/**
 * An approval decision belongs to the approvers of the step being decided (separation of duties:
 * holding the button is not enough). System calls (no user) are not checked.
 */
export async function checkStepApprover(rows: PlatformRows, run: TransitionRun, step: number): Promise<void> {
  if (run.actor.userId === null) return;
  const approvers = await resolveApprovers(run.tx, rows.sql, approversOfStep(run, step));
  if (!approvers.some((a) => a.userId === run.actor.userId))
    throw Errors.forbidden(
      `您不是第 ${step} 步审批的审批人`,
      `You are not an approver of approval step ${step} of this document`,
    );
}

/** The approvers of the step a document is entering (1-based, among the steps in force for it). */
export function approversOfStep(run: TransitionRun, step: number): ApproverSet {
  return run.approvalSteps[Math.max(step, 1) - 1];
}

function patternValues(
  run: TransitionRun,
  language: 'cn' | 'en',
  stateMeaning: (state: string) => I18nText,
): Record<string, unknown> {
  return {
    id: run.id,
    state: stateMeaning(run.to)[language],
    action: run.transition.label?.[language] ?? run.transition.action,
  };
}

/**
 * One open to-do per approver of `step`. The submitter is left out unless the rule allows
 * self-approval; when nobody remains the transition fails (409) instead of leaving a document
 * that nobody can approve.
 */
export async function createApprovalTodos(
  rows: PlatformRows,
  run: TransitionRun,
  step: number,
  stateMeaning: (s: string) => I18nText,
): Promise<void> {
  const rule = run.lifecycle.approvalRule!;
  const approvers = (await resolveApprovers(run.tx, rows.sql, approversOfStep(run, step))).filter(
    (a) => rule.allowSelfApproval || a.userId !== run.submitterId,
  );
  if (!approvers.length) {
    throw Errors.conflict(
      '没有可审批该单据的审批人，请联系管理员配置审批规则',
      'No approver can approve this document: ask an administrator to assign the approvers of its approval rule',
    );
  }
  const record = run.record;
  const menuName = await rows.menuName(run.tx, rule.menuCode);
  for (const approver of approvers) {
    await rows.insert(
      run.tx,
      TODO,
      {
        pendingTitle: fillPattern(rule.title.cn, record, patternValues(run, 'cn', stateMeaning)),
        pendingTitleEn: fillPattern(rule.title.en, record, patternValues(run, 'en', stateMeaning)),
        billType: rule.billType,
        entityName: run.entity.name,
        billId: run.id,
        billNumber: billNumberOf(run.entity, run.lifecycle, record),
        assigneeUserId: approver.userId,
        menuCode: rule.menuCode,
        menuName,
        billLink: fillPattern(rule.billLink, record, { id: run.id }),
        handleFlag: 'N',
        cancelFlag: 'N',
      },
      run.actor.userId,
    );
  }
}

/**
 * Closes the document's open to-dos: an approver's decision marks them handled (by the actor);
 * anything else (withdraw, cancel) marks them cancelled.
 */
export async function closeApprovalTodos(rows: PlatformRows, run: TransitionRun, decided: boolean): Promise<void> {
  const open = { entityName: run.entity.name, billId: run.id, handleFlag: 'N', cancelFlag: 'N' };
  const values: Record<string, SqlParam> = decided
    ? { handleFlag: 'Y', handleUserId: run.actor.userId, handleDate: formatDateTime() }
    : { cancelFlag: 'Y', handleDate: formatDateTime() };
  await rows.update(run.tx, TODO, values, open, run.actor.userId);
}

/** The submitter's notification of a decision, titled in both languages (…Title in CN, …TitleEn in EN). */
export async function notifySubmitter(
  rows: PlatformRows,
  run: TransitionRun,
  stateMeaning: (s: string) => I18nText,
): Promise<void> {
  if (!run.submitterId) return; // a document submitted before history existed has nobody to tell
  const rule = run.lifecycle.approvalRule!;
  const pattern = rule.notificationTitle ?? { cn: '{state}', en: '{state}' };
  const number = billNumberOf(run.entity, run.lifecycle, run.record) ?? String(run.id);
  const content = (language: 'CN' | 'EN') => {
    const state = pickText(stateMeaning(run.to), language);
    const by = run.actor.userName ?? '';
    const base =
      language === 'CN'
        ? `${number} 已由 ${by} ${pickText(run.transition.label ?? { cn: run.transition.action, en: run.transition.action }, 'CN')}，当前状态：${state}`
        : `${number} was handled by ${by} (${pickText(run.transition.label ?? { cn: run.transition.action, en: run.transition.action }, 'EN')}); status now: ${state}`;
    return run.comment ? `${base}${language === 'CN' ? '。意见：' : '. Comment: '}${run.comment}` : base;
  };
  await rows.insert(
    run.tx,
    NOTIFICATION,
    {
      notificationTitle: fillPattern(pattern.cn, run.record, patternValues(run, 'cn', stateMeaning)),
      notificationTitleEn: fillPattern(pattern.en, run.record, patternValues(run, 'en', stateMeaning)),
      notificationContent: content('CN'),
      notificationContentEn: content('EN'),
      notificationType: 'APPROVAL',
      recipientUserId: run.submitterId,
      sourceBillType: rule.billType,
      sourceEntityName: run.entity.name,
      sourceBillId: run.id,
      viewFlag: 'N',
      selfCount: 0,
      sendDate: formatDateTime(),
    },
    run.actor.userId,
  );
}
