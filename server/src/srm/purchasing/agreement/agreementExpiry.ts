/**
 * Agreement expiry (DOMAIN.md §5.2 "a scheduler expires agreements after validTo"). The platform
 * has no job scheduler (decision, docs/decisions.md), so expiry is one function used twice:
 * - the named action `srmPurAgreementHeaderRestful/doExpireAgreements` (the agreement list's
 *   btnExpire, for an administrator or a buyer to run at once), and
 * - a small in-process daily timer the purchasing domain starts (unref'd, so it never keeps the
 *   process alive; `stopAgreementExpiry()` stops it). It runs shortly after midnight.
 * Each due agreement goes through the lifecycle's doExpire (state check under lock, history, the
 * prices EXPIRED) in its own transaction; one that another run expired first is skipped.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { ApiError } from '../../../http/apiError';
import { LifecycleService } from '../../../lifecycle/lifecycleService';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import type { ActionRegistry } from '../../../platform/actionRegistry';
import { MetaSql } from '../../../access/metaSql';
import { systemContext, type ResourceContext } from '../../../resource/context';
import { ResourceReader } from '../../../resource/resourceReader';
import { startDailyJob, stopDailyJob } from '../../../util/dailyJob';
import { today } from '../price/priceMath';
import { AGREEMENT } from './agreementStore';

/** Expires every APPROVED agreement whose validTo lies before `on`; the ids expired. */
export async function expireDueAgreements(
  registry: MetadataRegistry,
  db: Database,
  lifecycles: LifecycleService,
  ctx: ResourceContext,
  on: string = today(),
): Promise<number[]> {
  const entity = registry.entity(AGREEMENT)!;
  const transition = lifecycles.transitionFor(entity, 'doExpire')!;
  const { t, c } = new MetaSql(registry, db.dialect);
  const due = await db.transaction((tx) =>
    tx.select(
      `SELECT ${c(AGREEMENT, 'agreementHeaderId')} AS id FROM ${t(AGREEMENT)} WHERE ${c(AGREEMENT, 'status')} = 'APPROVED' AND ${c(AGREEMENT, 'validTo')} < ? ORDER BY ${c(AGREEMENT, 'agreementHeaderId')}`,
      [on],
    ),
  );
  const expired: number[] = [];
  for (const { id } of due) {
    try {
      await lifecycles.run(entity, transition, { id: Number(id) }, ctx);
      expired.push(Number(id));
    } catch (e) {
      // Expired (or closed) by someone else meanwhile: nothing left to do for it.
      if (!(e instanceof ApiError && e.httpStatus === 409)) throw e;
    }
  }
  return expired;
}

const JOB = 'Agreement expiry';

/** Stops the daily expiry timer (tests, shutdown). */
export function stopAgreementExpiry(): void {
  stopDailyJob(JOB);
}

/**
 * (Re)starts the daily timer (00:05 local time) on the latest registration's database: a kernel
 * rebuilt by a table_model publish replaces the timer instead of adding one.
 */
function startAgreementExpiry(run: () => Promise<unknown>): void {
  startDailyJob(JOB, { hour: 0, minute: 5 }, run);
}

export function registerAgreementExpiry(deps: {
  actions: ActionRegistry;
  hooks: RecordHookRegistry;
  handlers: TransitionHandlerRegistry;
  registry: MetadataRegistry;
  db: Database;
}): void {
  const { actions, registry, db } = deps;
  actions.register({
    area: 'srmServer',
    resource: 'srmPurAgreementHeaderRestful',
    action: 'doExpireAgreements',
    access: { pages: ['purAgreementList'], resourceCode: 'btnExpire' },
    handler: async (_body, ctx, kernel) => {
      const ids = await expireDueAgreements(registry, kernel.db, kernel.lifecycles, ctx);
      return { data: { count: ids.length, ids } };
    },
  });
  if (process.env.AGREEMENT_EXPIRY_TIMER === 'off') return;
  const lifecycles = new LifecycleService(registry, db, new ResourceReader(registry, db), deps.hooks, deps.handlers);
  startAgreementExpiry(() => expireDueAgreements(registry, db, lifecycles, systemContext()));
}
