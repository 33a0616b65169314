import { loadDocumentFiles } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainModule } from '../platform/domainModules';
import { expectError, expectOk } from '../testing/apiAssertions';
import { menuId, sessionHeaders } from '../testing/authFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { SRM_MODULES } from '../srm';
import { historyOf, proofOf, RESP, type Proof } from '../testing/proofFixtures';
import { effectiveBlacklist } from '../srm/supplier/blacklist/blacklistFixtures';
import { docRow } from '../srm/supplier/status/statusFixtures';
import { Scheduler } from './scheduler';
import { timersOf } from './timerCatalog';
import { latestSlot, slotKey } from './timerSchedule';

/**
 * The platform scheduler on one database: every timer of the metadata (the three transition timers,
 * the two domain jobs, and this file's two test jobs) runs once per due slot although two
 * schedulers pass at the same moment (on MariaDB, parallel transactions racing for the claim),
 * a missed slot is caught up, each run is recorded (rows affected, error text), and an
 * administrator — only they — runs a timer now from the runs screen.
 */
const TEST_JOBS = {
  source: 'test:scheduler-jobs',
  doc: {
    kind: 'scheduleSet',
    jobs: [
      { name: 'testCountingJob', label: { cn: '计数测试任务', en: 'Counting test job' }, at: '03:00' },
      { name: 'testFailingJob', label: { cn: '失败测试任务', en: 'Failing test job' }, at: '03:00' },
    ],
  },
};
let counted = 0;
const testJobs: DomainModule = {
  name: 'schedulerTest',
  register: ({ jobs }) => {
    jobs.register('testCountingJob', () => Promise.resolve(++counted));
    jobs.register('testFailingJob', () => Promise.reject(new Error('the test job fails on purpose')));
  },
};

let server: TestServer;
let p: Proof;
// Runs of these tests only: the demo data holds earlier days' runs (seeds/demo/66-timer-runs.json).
let seededRuns = 0;
beforeAll(async () => {
  server = await startTestServer(
    'scheduler',
    {},
    { documents: [...loadDocumentFiles(), TEST_JOBS], modules: [...SRM_MODULES, testJobs] },
  );
  p = await proofOf(server);
  const [last] = await server.kernel.db.select('SELECT MAX(timer_run_id) AS id FROM base_timer_run');
  seededRuns = Number(last?.id ?? 0);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const T = 'base_timer_run';
const runsOf = (name: string) =>
  server.kernel.db.select(`SELECT * FROM ${T} WHERE timer_name = ? AND timer_run_id > ? ORDER BY timer_run_id`, [
    name,
    seededRuns,
  ]);
const local = (day: string, time: string) => new Date(`${day}T${time}`);

describe('the timers of the metadata', () => {
  it('are the transition timers per entity and the declared jobs', () => {
    expect(timersOf(server.kernel.registry).map((t) => [t.name, t.at])).toEqual(
      expect.arrayContaining([
        ['srmSlcSupplierBlacklist.doRelease', '00:15'],
        ['srmSpePerformance.doDeadlineConfirm', '00:20'],
        ['srmPurAgreementHeader.doExpire', '00:05'],
        ['credentialExpiryWarnings', '00:10'],
        ['purchasingWarningScan', '06:10'],
        ['testCountingJob', '03:00'],
      ]),
    );
  });
});

describe('two schedulers on one database', () => {
  it('run each due slot once, record it, and catch up a missed one', async () => {
    const due = await effectiveBlacklist(p, { permanentFlag: 'N', endDate: '2026-11-20' });
    const timers = timersOf(server.kernel.registry).map((t) => t.name);
    const kernel = async () => server.kernel;
    const at = local('2026-11-27', '08:00:00');
    const [a, b] = [new Scheduler(kernel, 'instance-a'), new Scheduler(kernel, 'instance-b')];
    const [ranA, ranB] = await Promise.all([a.runDue(at), b.runDue(at)]);
    // Each timer ran exactly once, by one of the two.
    expect([...ranA, ...ranB].map((r) => r.timerName).sort()).toEqual([...timers].sort());
    const release = (await runsOf('srmSlcSupplierBlacklist.doRelease'))[0];
    expect(release).toMatchObject({ due_slot: '2026-11-27 00:15', run_trigger: 'SCHEDULE', run_status: 'SUCCEEDED' });
    expect(Number(release.rows_affected)).toBeGreaterThanOrEqual(1);
    expect(['instance-a', 'instance-b']).toContain(release.instance_name);
    expect(release.finished_at).toBeTruthy();
    expect((await docRow(p, 'blacklist', due.id)).status).toBe('RELEASED');
    const releases = (await historyOf(p, 'srmSlcSupplierBlacklist', due.id)).filter((h) => h.action === 'doRelease');
    expect(releases.map((h) => [h.user_id, h.comment])).toEqual([
      [null, '黑名单已于 2026-11-20 到期，系统自动解除 / The blacklist ended on 2026-11-20: released automatically'],
    ]);
    // A job that throws is recorded as failed with its error; the others still ran.
    const failed = (await runsOf('testFailingJob'))[0];
    expect([failed.run_status, Number(failed.rows_affected)]).toEqual(['FAILED', 0]);
    expect(String(failed.error_text)).toContain('the test job fails on purpose');
    expect(counted).toBe(1);

    // Later the same day: the slot is taken, also for a scheduler that did not run it.
    const c = new Scheduler(kernel, 'instance-c');
    expect(await c.runDue(local('2026-11-27', '23:00:00'))).toEqual([]);
    expect(await a.runDue(local('2026-11-27', '23:00:00'))).toEqual([]);

    // Down over the next day's slots, back at 10:00: the missed slot of each timer runs at start.
    const caught = await c.runDue(local('2026-11-28', '10:00:00'), 'CATCH_UP');
    expect(caught.map((r) => r.timerName).sort()).toEqual([...timers].sort());
    expect((await runsOf('testCountingJob')).map((r) => [r.due_slot, r.run_trigger])).toEqual([
      ['2026-11-27 03:00', 'SCHEDULE'],
      ['2026-11-28 03:00', 'CATCH_UP'],
    ]);
    expect(counted).toBe(2);
  });
});

describe('a started scheduler', () => {
  it('catches up at once: the latest slot of every timer is run and recorded as CATCH_UP', async () => {
    const started = new Scheduler(async () => server.kernel, 'instance-started');
    started.start(3_600_000);
    await started.idle();
    started.stop();
    const now = new Date();
    for (const timer of timersOf(server.kernel.registry)) {
      const slot = slotKey(latestSlot(timer.at, now));
      expect((await runsOf(timer.name)).filter((r) => r.due_slot === slot).map((r) => r.run_trigger)).toEqual([
        'CATCH_UP',
      ]);
    }
  });
});

describe('run now (baseTimerRunRestful/runNow)', () => {
  const RES = 'baseTimerRunRestful';

  it('runs a timer by name or as a recorded run, as MANUAL runs of their own', async () => {
    const byName = expectOk(await server.call('baseServer', RES, 'runNow', { timerName: 'testCountingJob' }));
    expect([byName.timerName, byName.rowsAffected, byName.error]).toEqual(['testCountingJob', counted, undefined]);
    const again = expectOk(await server.call('baseServer', RES, 'runNow', { timerRunId: byName.runId }));
    expect(again.runId).not.toBe(byName.runId);
    const manual = (await runsOf('testCountingJob')).filter((r) => r.run_trigger === 'MANUAL');
    expect(manual.map((r) => [Number(r.timer_run_id), r.run_status, String(r.due_slot).startsWith('manual ')])).toEqual(
      [
        [byName.runId, 'SUCCEEDED', true],
        [again.runId, 'SUCCEEDED', true],
      ],
    );
    // The runs screen lists them.
    const page = expectOk(
      await server.call('baseServer', RES, 'listByPage', {
        params: { timerName: 'testCountingJob' },
        pageIndex: 1,
        pageRows: 10,
      }),
    );
    expect(page.length).toBe(5); // two scheduled, one caught up at start, two by hand
  });

  it('refuses a bad body (400), an unknown timer (404) and anyone but the administrator (403)', async () => {
    expectError(await server.call('baseServer', RES, 'runNow', {}), 400);
    expectError(await server.call('baseServer', RES, 'runNow', { timerRunId: 'x' }), 400, ['timerRunId']);
    expectError(await server.call('baseServer', RES, 'runNow', { timerName: 'noSuchTimer' }), 404);
    const buyer = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(server, 'PUR_AGREEMENT'));
    expectError(await server.call('baseServer', RES, 'runNow', { timerName: 'testCountingJob' }, buyer), 403);
  });
});
