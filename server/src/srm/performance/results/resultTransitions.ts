/**
 * Transition handlers of the performance result (lifecycle spePerformance, DOMAIN.md §2.3). Every
 * transition first locks the result's scheme (the owner), so the scheme moves to RELEASED exactly
 * once, when its last result is released. Each handler checks who acts (internal or supplier user,
 * 403 otherwise), writes the fields it computes and one history row (who, when, from → to, the
 * score before and after, why), and opens the to-dos. The fields set to constants or today and the
 * to-dos closed are declared effects (spePerformance.json), run before the handler in the same
 * transaction: a handler that refuses still rolls them back.
 *
 * The values an action carries beyond the comment (the new score, the rectification requirement
 * and deadline, attachments) reach the handler through `withParams` from the custom actions of
 * resultActions.ts, inside the same transaction.
 */
import type { SqlExecutor, SqlParam } from '../../../db/sqlExecutor';
import { Errors } from '../../../http/apiError';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDecimal, toDecimal } from '../../../util/decimal';
import { gradeForScore } from '../setup';
import { addDays } from '../../../util/time';
import { dateText, PERF, todayText, type ResultStore } from './resultStore';

/** What an action carries beyond the comment. */
export interface ResultParams {
  reason?: string | null;
  attachments?: string | null;
  totalScore?: string;
  rectifyRequirement?: string;
  rectifyDeadline?: string;
}

const pending = new WeakMap<SqlExecutor, ResultParams>();

/** Runs `fn` with `params` visible to the handlers of transitions run on `tx`. */
export async function withParams<T>(tx: SqlExecutor, params: ResultParams, fn: () => Promise<T>): Promise<T> {
  pending.set(tx, params);
  try {
    return await fn();
  } finally {
    pending.delete(tx);
  }
}

const paramsOf = (run: TransitionRun): ResultParams => pending.get(run.tx) ?? {};

const SUPPLIER_APPEAL = {
  billType: 'SRM_PERFORMANCE' as const,
  menuCode: 'SUP_SPE_APPEAL',
  billLink: 'SupplierAppeal/SrmSpeSupplierAppeal',
};
const SUPPLIER_RECTIFY = {
  billType: 'SRM_RECTIFICATION' as const,
  menuCode: 'SUP_SPE_RECTIFICATION',
  billLink: 'SupplierAppeal/SrmSpeSupplierRectification',
};
const numberOf = (run: TransitionRun) => String(run.record.performanceNumber ?? run.id);

async function set(store: ResultStore, run: TransitionRun, values: Record<string, SqlParam>): Promise<void> {
  if (Object.keys(values).length) await store.setFields(run.tx, PERF, run.id, values, run.ctx);
}

async function history(
  store: ResultStore,
  run: TransitionRun,
  reason: string | null,
  score?: { oldTotalScore: SqlParam; newTotalScore: SqlParam; oldGradeCode: SqlParam; newGradeCode: SqlParam },
): Promise<void> {
  const action = run.transition.aliases?.[0] ?? run.transition.action;
  await store.history(
    run.tx,
    {
      performanceId: run.id,
      actionCode: action,
      fromStatus: run.from,
      toStatus: run.to,
      reason,
      actorUserId: run.actor.userId,
      ...score,
    },
    run.ctx,
  );
}

/** doRelease: releaseDate (today) is declared; the appeal deadline counts the scheme's appeal days from today. */
async function release(store: ResultStore, run: TransitionRun): Promise<void> {
  const schemeId = Number(run.record.schemeId);
  await set(store, run, { appealDeadline: addDays(todayText(), await store.appealDays(run.tx, schemeId)) });
  await history(store, run, run.comment);
  await store.raiseSupplierTodo(
    run.tx,
    run.record,
    {
      ...SUPPLIER_APPEAL,
      title: {
        cn: `考评结果 ${numberOf(run)} 已发布，请确认或申诉`,
        en: `Performance result ${numberOf(run)} is released: agree or appeal`,
      },
    },
    run.ctx,
  );
  await store.releaseSchemeWhenDone(run.tx, schemeId, run.ctx);
}

/**
 * doAppeal: appealFlag Y, appealResult cleared and the supplier's to-do handled are declared. The
 * checks read run.record, the result as it was before the transition (appealFlag not yet Y).
 */
async function appeal(store: ResultStore, run: TransitionRun): Promise<void> {
  const params = paramsOf(run);
  const deadline = dateText(run.record.appealDeadline);
  if (run.record.appealFlag === 'Y')
    throw Errors.conflict(
      '该考评结果已申诉过一次，不能再次申诉',
      'This result has already been appealed once: no second appeal',
    );
  if (deadline && todayText() > deadline)
    throw Errors.conflict(
      `申诉期已于 ${deadline} 截止，不能申诉`,
      `The appeal period ended on ${deadline}: it can no longer be appealed`,
    );
  const reason = (params.reason ?? run.comment ?? '').trim();
  if (!reason)
    throw Errors.badRequest('请填写申诉理由', 'Give the reason for the appeal', [
      { field: 'reason', message: 'required / 必填' },
    ]);
  const files = params.attachments ?? (run.record.appealAttachmentIds as string | null) ?? null;
  await set(store, run, { appealReason: reason, appealAttachmentIds: files });
  await history(store, run, reason);
  await store.raiseAppealTodo(run.tx, run.record, run.ctx);
}

/** doUpdateRejection: appealResult REJECTED and the SPE_APPEAL to-do handled are declared. */
async function rejectAppeal(store: ResultStore, run: TransitionRun): Promise<void> {
  const reason = (paramsOf(run).reason ?? run.comment ?? '').trim();
  if (!reason)
    throw Errors.badRequest('请填写驳回说明', 'Give the rejection reason', [
      { field: 'rejectionReason', message: 'required / 必填' },
    ]);
  await set(store, run, { rejectionReason: reason });
  await history(store, run, reason);
}

/** doAcceptAppeal: appealResult ACCEPTED and the SPE_APPEAL to-do handled are declared; the new score is computed here. */
async function acceptAppeal(store: ResultStore, run: TransitionRun): Promise<void> {
  const params = paramsOf(run);
  const text = String(params.totalScore ?? '').trim();
  const score = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? toDecimal(text) : undefined;
  if (!score || Number(text) > 100)
    throw Errors.badRequest('新总分应为 0–100 之间的数字', 'totalScore must be a number from 0 to 100', [
      { field: 'totalScore', message: '0–100' },
    ]);
  const newScore = formatDecimal(score, 2);
  const settingHeadId = await store.settingOf(run.tx, Number(run.record.schemeId));
  const grade = settingHeadId ? await gradeForScore(run.tx, settingHeadId, newScore) : undefined;
  if (!grade)
    throw Errors.conflict(
      `等级设置中没有覆盖 ${newScore} 分的等级`,
      `The scheme's grade setting has no grade for ${newScore}`,
    );
  await set(store, run, { totalScore: newScore, gradeCode: grade.gradeCode });
  const reason = (params.reason ?? run.comment ?? '').trim() || null;
  await history(store, run, reason, {
    oldTotalScore: run.record.totalScore as SqlParam,
    newTotalScore: newScore,
    oldGradeCode: run.record.gradeCode as SqlParam,
    newGradeCode: grade.gradeCode,
  });
  await store.raiseSupplierTodo(
    run.tx,
    run.record,
    {
      ...SUPPLIER_APPEAL,
      title: {
        cn: `考评结果 ${numberOf(run)} 已按申诉改分为 ${newScore}，请确认`,
        en: `Performance result ${numberOf(run)} is rescored to ${newScore} after your appeal: please confirm`,
      },
    },
    run.ctx,
  );
}

/** doRectification: rectifyResult cleared is declared; the requirement and deadline come with the action. */
async function rectify(store: ResultStore, run: TransitionRun): Promise<void> {
  const params = paramsOf(run);
  const requirement = (params.rectifyRequirement ?? run.comment ?? '').trim();
  if (!requirement)
    throw Errors.badRequest('请填写整改要求', 'Give the rectification requirement', [
      { field: 'rectifyRequirement', message: 'required / 必填' },
    ]);
  const deadline = params.rectifyDeadline ?? addDays(todayText(), 30);
  if (deadline < todayText())
    throw Errors.badRequest('整改期限不能早于今天', 'The rectification deadline cannot be before today', [
      { field: 'rectifyDeadline', message: '>= today' },
    ]);
  await set(store, run, { rectifyRequirement: requirement, rectifyDeadline: deadline });
  await history(store, run, requirement);
  await raiseRectifyTodo(store, run, deadline);
}

async function raiseRectifyTodo(store: ResultStore, run: TransitionRun, deadline: string): Promise<void> {
  await store.raiseSupplierTodo(
    run.tx,
    run.record,
    {
      ...SUPPLIER_RECTIFY,
      title: {
        cn: `考评结果 ${numberOf(run)} 需整改，期限 ${deadline}`,
        en: `Performance result ${numberOf(run)} needs rectification by ${deadline}`,
      },
    },
    run.ctx,
  );
}

/** doSupplierCommit: the supplier's SRM_RECTIFICATION to-do handled is declared. */
async function supplierCommit(store: ResultStore, run: TransitionRun): Promise<void> {
  const params = paramsOf(run);
  const report = (params.reason ?? run.comment ?? '').trim();
  if (!report)
    throw Errors.badRequest('请填写整改报告', 'Write the rectification report', [
      { field: 'rectifyReport', message: 'required / 必填' },
    ]);
  const files = params.attachments ?? (run.record.rectifyAttachmentIds as string | null) ?? null;
  await set(store, run, { rectifyReport: report, rectifyAttachmentIds: files });
  await history(store, run, report);
}

/**
 * doConfirmFailed: rectifyResult FAILED is declared; the supplier rectifies again, by the deadline
 * given (30 days from today without one). doConfirmPassed is all declared (spePerformance.json).
 */
async function confirmRectify(store: ResultStore, run: TransitionRun): Promise<void> {
  await history(store, run, run.comment);
  await raiseRectifyTodo(store, run, dateText(run.record.rectifyDeadline) ?? addDays(todayText(), 30));
}

export function registerResultTransitions(store: ResultStore, handlers: TransitionHandlerRegistry): void {
  handlers.registerOwner(PERF, 'schemeId');
  const on = (name: string, fn: (s: ResultStore, r: TransitionRun) => Promise<void>) =>
    handlers.register(name, (run) => fn(store, run));
  on('speRelease', release);
  on('speAppeal', appeal);
  on('speRejectAppeal', rejectAppeal);
  on('speAcceptAppeal', acceptAppeal);
  on('speRectify', rectify);
  on('speSupplierCommit', supplierCommit);
  on('speConfirmRectify', confirmRectify);
}
