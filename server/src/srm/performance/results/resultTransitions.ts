/**
 * Transition handlers of the performance result (lifecycle spePerformance, DOMAIN.md §2.3): only
 * what metadata cannot say. Every transition first locks the result's scheme (the owner), so the
 * scheme moves to RELEASED exactly once, when its last result is released. The values an action
 * takes (reason, files, new score, requirement and deadline) are the transitions' declared input;
 * the fields set, history rows, to-dos (the appeal's to the user who released the result, a
 * history line's actor) and the rules (one appeal, the appeal deadline and the rectification
 * deadline against $today) are declared effects and checks (spePerformance.json), run before the
 * handler in the same transaction: a handler that refuses still rolls them back. Release is all
 * declared: its appeal deadline is the scheme's appeal days from today (seven when it has none).
 * The appeal deadline is doDeadlineConfirm's timer (spePerformance.json: the day after
 * appealDeadline), fired by the platform scheduler as the system.
 */
import type { SqlParam } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { formatDecimal, toDecimal } from '../../../util/decimal';
import { formatDateTime } from '../../../util/time';
import { gradeForScore } from '../setup';
import { PERF, type ResultStore } from './resultStore';

const HISTORY = 'srmSpePerformanceHistory';

/** doAcceptAppeal: the new score (input totalScore, 0–100 by a declared check) is graded in the scheme's grade setting. */
async function acceptAppeal(store: ResultStore, run: TransitionRun): Promise<void> {
  const newScore = formatDecimal(toDecimal(run.input.totalScore)!, 2);
  const { settingHeadId } = (await store.one(run.tx, 'srmSpeScheme', Number(run.record.schemeId), false)) ?? {};
  const grade = settingHeadId ? await gradeForScore(run.tx, Number(settingHeadId), newScore) : undefined;
  if (!grade) throw declaredError('performance.noGradeForScore', { score: newScore });
  await store.setFields(run.tx, PERF, run.id, { totalScore: newScore, gradeCode: grade.gradeCode }, run.ctx);
  // The history row with the old score and grade (the record as read before the change) and the new.
  await store.writer.insert(
    run.tx,
    store.model(HISTORY),
    {
      performanceId: run.id,
      actionCode: run.transition.aliases?.[0] ?? run.transition.action,
      fromStatus: run.from,
      toStatus: run.to,
      reason: run.comment,
      actorUserId: run.actor.userId,
      oldTotalScore: run.record.totalScore as SqlParam,
      newTotalScore: newScore,
      oldGradeCode: run.record.gradeCode as SqlParam,
      newGradeCode: grade.gradeCode,
      actionDate: formatDateTime(),
    },
    run.ctx,
  );
}

export function registerResultTransitions(store: ResultStore, handlers: TransitionHandlerRegistry): void {
  handlers.registerOwner(PERF, 'schemeId');
  handlers.register('speAcceptAppeal', (run) => acceptAppeal(store, run));
}
