/**
 * Blacklist expiry (DOMAIN.md §1.10): a blacklist that is not permanent is released once its end
 * date has passed (endDate before today), with doRelease's own effects — the supplier and its
 * blacklisted sites FROZEN for review with history, releaseDate set, releaseReason saying it
 * expired (CN and EN in the one text field), the system as actor (no user: releasedBy empty).
 *
 * The platform has no job scheduler (docs/decisions.md), so, as the agreement expiry and the
 * credential warnings do, the supplier domain starts a small in-process daily timer (00:15 local,
 * unref'd; BLACKLIST_EXPIRY_TIMER=off stops it, `stopBlacklistExpiry()` too). Each due blacklist
 * is released in a transaction of its own: the supplier (the lifecycle owner) is locked first, as
 * every blacklist transition does, then the blacklist is read again under lock and skipped unless
 * it is still EFFECTIVE and due — a manual release at the same moment is applied once.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { LifecycleService } from '../../../lifecycle/lifecycleService';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import { MetaSql } from '../../../access/metaSql';
import { systemContext, type ResourceContext } from '../../../resource/context';
import { lockOwner, readUnderLock } from '../../../resource/invariantLocks';
import { ResourceReader } from '../../../resource/resourceReader';
import { startDailyJob, stopDailyJob } from '../../../util/dailyJob';
import { formatDateTime } from '../../../util/time';
import { SUPPLIER } from '../status/supplierStatusStore';
import { BLACKLIST } from './blacklistEffects';

/** What a due blacklist needs: not permanent, an end date before `on`, still in effect. */
const DUE = (c: (entity: string, field: string) => string) =>
  `${c(BLACKLIST, 'status')} = 'EFFECTIVE' AND COALESCE(${c(BLACKLIST, 'permanentFlag')}, 'N') <> 'Y' ` +
  `AND ${c(BLACKLIST, 'endDate')} IS NOT NULL AND ${c(BLACKLIST, 'endDate')} < ?`;

/** The release reason the job stores (and writes to the history as the transition's comment). */
export function expiryReason(endDate: string): string {
  return `黑名单已于 ${endDate} 到期，系统自动解除 / The blacklist ended on ${endDate}: released automatically`;
}

/** Releases every EFFECTIVE, non-permanent blacklist whose end date lies before `on`; the ids released. */
export async function releaseExpiredBlacklists(
  registry: MetadataRegistry,
  db: Database,
  lifecycles: LifecycleService,
  ctx: ResourceContext = systemContext(),
  on: string = formatDateTime().slice(0, 10),
): Promise<number[]> {
  const { t, c } = new MetaSql(registry, db.dialect);
  const select = `SELECT ${c(BLACKLIST, 'blacklistId')} AS id, ${c(BLACKLIST, 'supplierId')} AS supplierId, ${c(BLACKLIST, 'endDate')} AS endDate FROM ${t(BLACKLIST)}`;
  const due = await db.select(`${select} WHERE ${DUE(c)} ORDER BY ${c(BLACKLIST, 'blacklistId')}`, [on]);
  const entity = registry.entity(BLACKLIST)!;
  const released: number[] = [];
  for (const row of due) {
    const id = Number(row.id);
    const done = await db.transaction(async (tx) => {
      // The owner first (as doRelease itself locks it), then the blacklist as committed last.
      await lockOwner(tx, registry.entity(SUPPLIER)!, Number(row.supplierId));
      const [still] = await readUnderLock(tx, `${select} WHERE ${c(BLACKLIST, 'blacklistId')} = ? AND ${DUE(c)}`, [
        id,
        on,
      ]);
      if (!still || Number(still.supplierId) !== Number(row.supplierId)) return false; // released meanwhile
      const reason = expiryReason(String(still.endDate).slice(0, 10));
      await lifecycles.runInTransaction(tx, entity, 'doRelease', id, ctx, reason);
      return true;
    });
    if (done) released.push(id);
  }
  return released;
}

const JOB = 'Blacklist expiry';

/** Stops the daily timer (tests, shutdown). */
export function stopBlacklistExpiry(): void {
  stopDailyJob(JOB);
}

/** Starts the daily blacklist expiry on the registration's database (unless BLACKLIST_EXPIRY_TIMER=off). */
export function registerBlacklistExpiry(deps: {
  hooks: RecordHookRegistry;
  handlers: TransitionHandlerRegistry;
  registry: MetadataRegistry;
  db: Database;
}): void {
  if (process.env.BLACKLIST_EXPIRY_TIMER === 'off') return;
  const { registry, db } = deps;
  const lifecycles = new LifecycleService(registry, db, new ResourceReader(registry, db), deps.hooks, deps.handlers);
  // Daily at 00:15 local time.
  startDailyJob(JOB, { hour: 0, minute: 15 }, () => releaseExpiredBlacklists(registry, db, lifecycles));
}
