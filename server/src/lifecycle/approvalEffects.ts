import {
  evaluateFilter,
  pickText,
  type ApprovalRule,
  type ApproverSet,
  type FilterVariables,
  type I18nText,
} from '@meridian/metadata';
import type { Row } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { TodoService } from '../todos/todoService';
import { resolveApprovers } from './approvers';
import { billNumberOf } from './history';
import { fillPattern, type PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

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
  todos: TodoService,
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
  const title = {
    cn: fillPattern(rule.title.cn, record, patternValues(run, 'cn', stateMeaning)),
    en: fillPattern(rule.title.en, record, patternValues(run, 'en', stateMeaning)),
  };
  for (const approver of approvers) {
    await todos.open(
      run.tx,
      {
        to: { userId: approver.userId },
        billType: rule.billType,
        entityName: run.entity.name,
        billId: run.id,
        billNumber: billNumberOf(run.entity, run.lifecycle, record),
        title,
        menuCode: rule.menuCode,
        link: fillPattern(rule.billLink, record, { id: run.id }),
      },
      run.actor.userId,
    );
  }
}

/**
 * Closes the document's open to-dos: an approver's decision marks them handled (by the actor);
 * anything else (withdraw, cancel) marks them cancelled.
 */
export async function closeApprovalTodos(todos: TodoService, run: TransitionRun, decided: boolean): Promise<void> {
  await todos.close(
    run.tx,
    { entityName: run.entity.name, billId: run.id, kind: 'internal' },
    decided ? 'handled' : 'cancelled',
    run.actor.userId,
  );
}

/** The submitter's notification of a decision, titled in both languages (…Title in CN, …TitleEn in EN). */
export async function notifySubmitter(
  todos: TodoService,
  run: TransitionRun,
  stateMeaning: (s: string) => I18nText,
): Promise<void> {
  if (!run.submitterId) return; // a document submitted before history existed has nobody to tell
  const rule = run.lifecycle.approvalRule!;
  const pattern = rule.notificationTitle ?? { cn: '{state}', en: '{state}' };
  const number = billNumberOf(run.entity, run.lifecycle, run.record) ?? String(run.id);
  const action = run.transition.label ?? { cn: run.transition.action, en: run.transition.action };
  const content = (language: 'CN' | 'EN') => {
    const state = pickText(stateMeaning(run.to), language);
    const by = run.actor.userName ?? '';
    const base =
      language === 'CN'
        ? `${number} 已由 ${by} ${pickText(action, 'CN')}，当前状态：${state}`
        : `${number} was handled by ${by} (${pickText(action, 'EN')}); status now: ${state}`;
    return run.comment ? `${base}${language === 'CN' ? '。意见：' : '. Comment: '}${run.comment}` : base;
  };
  await todos.notify(
    run.tx,
    {
      recipientUserId: run.submitterId,
      title: {
        cn: fillPattern(pattern.cn, run.record, patternValues(run, 'cn', stateMeaning)),
        en: fillPattern(pattern.en, run.record, patternValues(run, 'en', stateMeaning)),
      },
      content: { cn: content('CN'), en: content('EN') },
      type: 'APPROVAL',
      source: { billType: rule.billType, entityName: run.entity.name, billId: run.id },
    },
    run.actor.userId,
  );
}
