import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onMysql, startSecondProcess, type SecondProcess } from '../testing/secondProcess';
import { startTestServer, type TestServer } from '../testing/testServer';
import { historyOf, proofOf, type Proof } from '../testing/proofFixtures';
import { effectiveBlacklist } from '../srm/supplier/blacklist/blacklistFixtures';
import { docRow } from '../srm/supplier/status/statusFixtures';
import { Scheduler } from './scheduler';
import { timersOf } from './timerCatalog';
import { dateText, latestSlot, slotKey } from './timerSchedule';

/**
 * Each due firing runs once with two server processes on one MariaDB (docs/developer-guide.md
 * "Timers", "Invariants under concurrency"): two processes of the built server start with their
 * schedulers on at the same moment, and each catches up every timer's missed slot at start, while
 * this process's scheduler passes too. Every timer's slot is run by exactly one of the three, and a
 * due blacklist is released once. Only MariaDB has several processes on one database.
 */
let server: TestServer;
let p: Proof;
const others: SecondProcess[] = [];
const PORT = 21000 + (process.pid % 1000);

describe.skipIf(!onMysql)('the scheduler on two server processes', () => {
  beforeAll(async () => {
    server = await startTestServer('scheduler_two_processes');
    p = await proofOf(server);
  }, 120_000);
  afterAll(async () => {
    for (const other of others) other.stop();
    await server?.close();
  });

  // Runs of this test only: the demo data holds earlier days' runs (seeds/demo/66-timer-runs.json).
  let before = 0;
  const finishedRuns = () =>
    server.kernel.db.select(
      `SELECT timer_name, due_slot, run_trigger, run_status, instance_name FROM base_timer_run WHERE run_status <> 'RUNNING' AND timer_run_id > ?`,
      [before],
    );

  it('runs every timer slot once and releases a due blacklist once', async () => {
    const due = await effectiveBlacklist(p, { permanentFlag: 'N', endDate: dateText(new Date(), -10) });
    const timers = timersOf(server.kernel.registry);
    const [last] = await server.kernel.db.select('SELECT MAX(timer_run_id) AS id FROM base_timer_run');
    before = Number(last?.id ?? 0);
    const here = new Scheduler(async () => server.kernel, 'test-process');
    const url = server.config.dbUrl;
    // Both processes start (and catch up) at once; this process passes as soon as they listen.
    others.push(
      ...(await Promise.all([
        startSecondProcess(url, PORT, { scheduler: true }),
        startSecondProcess(url, PORT + 1, { scheduler: true }),
      ])),
    );
    const ranHere = await here.runDue(new Date());
    let runs = await finishedRuns();
    for (let i = 0; i < 240 && runs.length < timers.length; i++) {
      await new Promise((r) => setTimeout(r, 250));
      runs = await finishedRuns();
    }
    // One finished run per timer, for its latest slot; nothing run twice under another slot.
    expect(runs.map((r) => r.timer_name).sort()).toEqual(timers.map((t) => t.name).sort());
    for (const timer of timers) {
      const run = runs.find((r) => r.timer_name === timer.name)!;
      expect(run.due_slot).toBe(slotKey(latestSlot(timer.at, new Date())));
    }
    const byThisProcess = runs.filter((r) => r.instance_name === 'test-process').length;
    expect(byThisProcess).toBe(ranHere.length);
    expect(runs.filter((r) => r.run_trigger === 'CATCH_UP').length).toBe(timers.length - ranHere.length);
    expect((await docRow(p, 'blacklist', due.id)).status).toBe('RELEASED');
    const releases = (await historyOf(p, 'srmSlcSupplierBlacklist', due.id)).filter((h) => h.action === 'doRelease');
    expect(releases).toHaveLength(1);
  }, 120_000);
});
