/**
 * The on-site inspection's transition handlers (DOMAIN.md §1.6, lifecycle slcLocaleInspect, which
 * declares the supplier's self-check whole and the score ranges), each inside its own transaction
 * after the plan's lock (the lifecycle owner): each expert's scores (SCORED after the last one,
 * expertScore = the mean of the experts' totals), the leader's submit, and the approval that
 * settles the qualification's INSPECTION node.
 */
import { declaredError } from '../../../http/declaredErrors';
import type { TransitionHandlerServices } from '../../../lifecycle/transitionHandlers';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import type { InspectPlanStore } from '../inspectPlan/inspectPlanStore';
import { settleQualifyNode } from '../qualify/qualifyNodes';
import { INSPECT, TODO_TYPE, type LocaleInspectStore } from './localeInspectStore';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const sum = (values: (number | null)[]) => Math.round(values.reduce<number>((a, v) => a + (v ?? 0), 0) * 100) / 100;

export class LocaleInspectEffects {
  constructor(
    private readonly store: LocaleInspectStore,
    private readonly plans: InspectPlanStore,
  ) {}

  async expertSubmit(run: TransitionRun, deps: TransitionHandlerServices): Promise<void> {
    const me = run.actor.userId!;
    const experts = await this.plans.staffOf(run.tx, Number(run.record.inspectPlanId), 'EXPERT');
    if (!experts.includes(me)) throw declaredError('supplier.expertScoresByExperts');
    // This call's own history row is already written: a second one of the same expert is a repeat.
    const submitted = await this.store.actedBy(run.tx, run.id, 'doExpertSubmit');
    if (submitted.filter((u) => u === me).length > 1) throw declaredError('supplier.expertScoresSent');
    // Each of this expert's scores is in range: a declared check (slcLocaleInspect.json).
    const lines = await this.store.records(run.tx, run.id);
    // Only this expert's to-do: the others still have to score.
    const mine = { entityName: INSPECT, billId: run.id, billTypes: [TODO_TYPE], assigneeUserId: me };
    await this.store.todos.close(run.tx, mine, 'handled', me);
    if (!experts.every((e) => submitted.includes(e))) return;
    const totals = experts.map((e) =>
      sum(lines.filter((l) => num(l.expertUserId) === e).map((l) => num(l.expertScore))),
    );
    const expertScore = Math.round((totals.reduce((a, v) => a + v, 0) / totals.length) * 100) / 100;
    await this.store.rows.update(run.tx, INSPECT, { expertScore }, { localeInspectId: run.id }, me);
    await deps.lifecycles.runInTransaction(run.tx, run.entity, 'doScoreComplete', run.id, run.ctx);
  }

  /** Only a leader of the plan submits (the result it needs and the final score's default are declared: slcLocaleInspect.json). */
  async checkSubmit(run: TransitionRun): Promise<void> {
    const planId = Number(run.record.inspectPlanId);
    const plan = (await this.plans.plan(run.tx, planId))!;
    const leaders = [Number(plan.leaderId), ...(await this.plans.staffOf(run.tx, planId, 'LEADER'))];
    if (!leaders.includes(Number(run.actor.userId))) throw declaredError('supplier.inspectResultByLeader');
  }

  /**
   * Approval: the qualification's INSPECTION node is settled. (The plan completes with its last
   * approved inspection: a declared transitionRelated of slcLocaleInspect.json, whose doComplete
   * in slcInspectPlan.json checks that every inspection of the plan is approved.)
   */
  async approve(run: TransitionRun, deps: TransitionHandlerServices): Promise<void> {
    const qualifyHeaderId = num(run.record.qualifyHeaderId);
    if (qualifyHeaderId !== null)
      await settleQualifyNode(run.tx, deps, {
        qualifyHeaderId,
        nodeCode: 'INSPECTION',
        passed: run.record.inspectResult !== 'FAIL',
        sourceDocType: INSPECT,
        sourceDocId: run.id,
        userId: run.actor.userId,
      });
  }
}
