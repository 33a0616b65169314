import { describe, expect, it } from 'vitest';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { RESP } from '../../../testing/proofFixtures';
import { act, docRow, manageBody, moveHistory, siteRows, submitted, supplierWithSites } from '../status/statusFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * Two daily-management approvals that move the same site (docs/developer-guide.md "Invariants
 * under concurrency"): both were submitted while the site was QUALIFIED. Every transition locks
 * the supplier first, so the second approval reads the site after the first committed, finds
 * it no longer in its statusBefore and answers 409 — in one process (parallel transactions on
 * MariaDB) and on two server processes of one MariaDB.
 */
const PORT = 20000 + ((process.pid + 613) % 1000);
const ROUNDS = 3;
const p = proofServer('srm_daily_manage_race', { timeout: 300_000, secondProcessPort: PORT });

type Caller = (id: number) => Promise<{ status: number; body: { msg?: string } }>;

async function race(first: Caller, second: Caller): Promise<void> {
  const s = await supplierWithSites(p);
  const a = await submitted(p, 'manage', manageBody(s, 'FREEZE', [s.sites[0]]), 'doDailyManageSubmit');
  const b = await submitted(p, 'manage', manageBody(s, 'FREEZE', [s.sites[0]]), 'doDailyManageSubmit');
  const answers = await Promise.all([first(a), second(b)]);
  expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  expect(answers.find((r) => r.status === 409)!.body.msg).toMatch(/has moved from QUALIFIED to FROZEN/);
  const states = [(await docRow(p, 'manage', a)).status, (await docRow(p, 'manage', b)).status].sort();
  expect(states).toEqual(['APPROVED', 'SUBMITTED']);
  expect((await siteRows(p, s.supplierId)).map((r) => r.site_status)).toEqual(['FROZEN', 'QUALIFIED']);
  expect((await moveHistory(p, 'srmSlcSupplierSite', s.sites[0])).map((h) => h.to_state)).toEqual(['FROZEN']);
}

describe('two approvals of the same site at once', () => {
  it(`in one process: one applies, the other 409 (${ROUNDS} rounds)`, async () => {
    const approve: Caller = (id) => act(p, 'manage', 'manager01', 'doDailyManageApproval', { id, comment: 'ok' });
    for (let round = 0; round < ROUNDS; round++) await race(approve, approve);
  });

  it.skipIf(!onMysql)(`on two server processes: one applies, the other 409 (${ROUNDS} rounds)`, async () => {
    const headers = sessionHeaders(p.sessions.manager01, RESP.manager01, await menuId(p.server, 'SLC_DAILY_MANAGE'));
    const res = 'srmSlcDailyManageRestful';
    const here: Caller = (id) =>
      p.server.call('srmServer', res, 'doDailyManageApproval', { id, comment: 'a' }, headers);
    const there: Caller = (id) =>
      p.other!.call('srmServer', res, 'doDailyManageApproval', { id, comment: 'b' }, headers);
    for (let round = 0; round < ROUNDS; round++) await race(here, there);
  });
});
