import { describe, expect, it } from 'vitest';
import { historyOf, type Body } from '../../../testing/proofFixtures';
import { act, docRow, moveHistory, siteRows, supplierRow } from '../status/statusFixtures';
import { systemContext } from '../../../resource/context';
import { timerNamed, transitionTimerName, type TransitionTimerDef } from '../../../scheduler/timerCatalog';
import { fireTransitionTimer } from '../../../scheduler/transitionTimers';
import { BLACKLIST } from './index';
import { effectiveBlacklist } from './blacklistFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The daily blacklist expiry (DOMAIN 1.10, 1.11), doRelease's timer in slcSupplierBlacklist.json:
 * an EFFECTIVE blacklist that is not permanent and whose end date has passed is released as
 * doRelease releases it (supplier and sites FROZEN with history, release date and reason), by the
 * system; permanent and still running ones are kept, a second run changes nothing, and a manual
 * release at the same moment is applied once. The firing is the platform scheduler's, called here
 * as the scheduler calls it, on a chosen day.
 */
const p = proofServer('srm_supplier_blacklist_expiry', { timeout: 300_000 });

const TODAY = '2026-11-27';
const runJob = async (on = TODAY) => {
  const timer = timerNamed(p.server.kernel.registry, transitionTimerName(BLACKLIST, 'doRelease')) as TransitionTimerDef;
  // Midday of that day, local time: the timer compares dates, not the hour.
  const firing = await fireTransitionTimer(p.server.kernel, timer, new Date(`${on}T12:00:00`), systemContext());
  expect(firing.errors).toEqual([]);
  return firing.fired;
};

const effective = (extra: Body) => effectiveBlacklist(p, extra);

describe('the blacklist expiry job', () => {
  it('releases an expired one like doRelease: supplier and sites FROZEN with history, the reason and date stored, the system as actor', async () => {
    const { id, s } = await effective({ permanentFlag: 'N', endDate: '2026-11-26' });
    expect(await runJob()).toContain(id);
    const row = await docRow(p, 'blacklist', id);
    expect([row.status, row.released_by]).toEqual(['RELEASED', null]);
    expect(row.release_reason).toBe(
      '黑名单已于 2026-11-26 到期，系统自动解除 / The blacklist ended on 2026-11-26: released automatically',
    );
    expect(row.release_date).toBeTruthy();
    expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('FROZEN');
    expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'FROZEN']);
    const moves = await moveHistory(p, 'srmSlcSupplierInfo', s.supplierId);
    expect(moves.map((h) => [h.action, h.from_state, h.to_state])).toEqual([
      ['doApprove', 'QUALIFIED', 'BLACKLIST'],
      ['doRelease', 'BLACKLIST', 'FROZEN'],
    ]);
    expect(moves[1].user_id).toBeNull();
    const last = (await historyOf(p, 'srmSlcSupplierBlacklist', id)).at(-1)!;
    expect([last.action, last.to_state, last.user_id, last.comment]).toEqual([
      'doRelease',
      'RELEASED',
      null,
      row.release_reason,
    ]);
  });

  it('keeps a permanent one (even with a past end date), one ending today and one ending later', async () => {
    const permanent = await effective({ permanentFlag: 'Y', endDate: '2026-06-30' });
    const endsToday = await effective({ permanentFlag: 'N', endDate: TODAY });
    const later = await effective({ permanentFlag: 'N', endDate: '2027-12-31' });
    const ids = await runJob();
    for (const { id, s } of [permanent, endsToday, later]) {
      expect(ids).not.toContain(id);
      expect((await docRow(p, 'blacklist', id)).status).toBe('EFFECTIVE');
      expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('BLACKLIST');
    }
    // The day after its end date the one ending today is due.
    expect(await runJob('2026-11-28')).toContain(endsToday.id);
  });

  it('a second run changes nothing', async () => {
    const { id, s } = await effective({ permanentFlag: 'N', endDate: '2026-10-31' });
    expect(await runJob()).toContain(id);
    const before = [
      await docRow(p, 'blacklist', id),
      await historyOf(p, 'srmSlcSupplierBlacklist', id),
      await moveHistory(p, 'srmSlcSupplierSite', s.sites[0]),
    ];
    expect(await runJob()).not.toContain(id);
    expect([
      await docRow(p, 'blacklist', id),
      await historyOf(p, 'srmSlcSupplierBlacklist', id),
      await moveHistory(p, 'srmSlcSupplierSite', s.sites[0]),
    ]).toEqual(before);
  });

  it('a manual release at the same moment is applied once (the job skips what is no longer EFFECTIVE)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, s } = await effective({ permanentFlag: 'N', endDate: '2026-09-30' });
      const [manual] = await Promise.all([
        act(p, 'blacklist', 'manager01', 'doRelease', { id, comment: '提前解除 / released early' }),
        runJob(),
      ]);
      const releases = (await historyOf(p, 'srmSlcSupplierBlacklist', id)).filter((h) => h.action === 'doRelease');
      expect(releases).toHaveLength(1);
      expect(manual.status === 200).toBe(releases[0].user_id !== null);
      expect((await docRow(p, 'blacklist', id)).status).toBe('RELEASED');
      const siteMoves = await moveHistory(p, 'srmSlcSupplierSite', s.sites[1]);
      expect(siteMoves.filter((h) => h.action === 'doRelease')).toHaveLength(1);
    }
  });
});
