/**
 * The inspection plan's approval (DOMAIN.md §1.6, lifecycle slcInspectPlan, which declares what a
 * submit needs) that starts the plan — one on-site inspection per plan supplier, each with its
 * checklist, a self-check to-do for the supplier, and the plan's sites locked on the qualification
 * (editFlag N: DOMAIN 1.5's decision). All inside the approval's own transaction.
 */
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { TransitionRun } from '../../../lifecycle/transitionRun';
import { nextDocumentNumber } from '../../../resource/documentNumber';
import { checklistOf } from '../localeInspect/checklist';
import { INSPECT, RECORD, type LocaleInspectStore } from '../localeInspect/localeInspectStore';
import { PLAN_LOCATION, PLAN_SITE, PLAN_SUPPLIER, type InspectPlanStore } from './inspectPlanStore';

export class InspectPlanEffects {
  constructor(
    private readonly plans: InspectPlanStore,
    private readonly inspects: LocaleInspectStore,
  ) {}

  /** Approval: the plan is EXECUTING; one inspection per supplier starts PENDING_SELF_CHECK. */
  async start(run: TransitionRun): Promise<void> {
    const { tx } = run;
    const userId = run.actor.userId;
    const plan = (await this.plans.plan(tx, run.id))!;
    const experts = await this.plans.staffOf(tx, run.id, 'EXPERT');
    const items = checklistOf(plan.checklistTemplate);
    const planLocations = await this.plans.select(tx, PLAN_LOCATION, ['supplierId', 'locationId'], {
      inspectPlanId: run.id,
    });
    for (const s of await this.plans.suppliers(tx, run.id)) {
      const supplierId = Number(s.supplierId);
      const locationId = await this.locationFor(tx, supplierId, planLocations);
      const inspectNumber = await nextDocumentNumber(tx, 'LIN');
      const id = (await this.plans.rows.insert(
        tx,
        INSPECT,
        {
          inspectNumber,
          inspectPlanId: run.id,
          supplierId,
          qualifyHeaderId: s.qualifyHeaderId === null ? null : Number(s.qualifyHeaderId),
          locationId,
          inspectDate: (s.plannedDate as string | null) ?? null,
          rectifyRequiredFlag: 'N',
          status: 'PENDING_SELF_CHECK',
        },
        userId,
      ))!;
      // The checklist lines: one per item for the supplier's self-check (no expert), and one per item
      // for each expert of the team, who scores only their own lines (expertScore is the mean of their totals).
      for (const expertUserId of [null, ...experts])
        for (const item of items)
          await this.plans.rows.insert(tx, RECORD, { localeInspectId: id, ...item, expertUserId }, userId);
      await this.plans.rows.update(
        tx,
        PLAN_SUPPLIER,
        { localeInspectId: id },
        { planSupplierId: Number(s.planSupplierId) },
        userId,
      );
      await this.inspects.tellSupplier(
        tx,
        { localeInspectId: id, inspectNumber, supplierId },
        String(plan.planName),
        userId,
      );
    }
    await this.lockSites(tx, run.id, userId);
  }

  /** The plan's address of this supplier, else its first enabled address. */
  private async locationFor(tx: SqlExecutor, supplierId: number, planLocations: Row[]): Promise<number | null> {
    const chosen = planLocations.find((l) => Number(l.supplierId) === supplierId);
    if (chosen) return Number(chosen.locationId);
    const first = (await this.plans.locationsOf(tx, supplierId))[0];
    return first ? Number(first.locationId) : null;
  }

  /** The qualification sites the plan inspects keep their participate flag from now on (editFlag N). */
  private async lockSites(tx: SqlExecutor, planId: number, userId: number | null): Promise<void> {
    const sites = await this.plans.select(tx, PLAN_SITE, ['qualifySiteId', 'inspectFlag'], { inspectPlanId: planId });
    for (const site of sites.filter((s) => s.inspectFlag === 'Y'))
      await this.plans.rows.update(
        tx,
        'srmSlcQualifySite',
        { editFlag: 'N', inspectFlag: 'Y' },
        { qualifySiteId: Number(site.qualifySiteId) },
        userId,
      );
  }
}
