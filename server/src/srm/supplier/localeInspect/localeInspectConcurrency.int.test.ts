import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { onMysql, startSecondProcess, type SecondProcess } from '../../../testing/secondProcess';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import {
  executingPlan,
  expertScores,
  headersOf,
  INSPECT_RES,
  inspectionOf,
  peopleOf,
  rowsOf,
  selfChecked,
  type Inspections,
} from './inspectFixtures';

/**
 * "Both experts count" (docs/developer-guide.md "Invariants under concurrency"): qe01 and
 * manager01 submit their expert scores of one inspection at the same moment, in one process and
 * on two server processes of one MariaDB. Every transition of an inspection locks its plan and
 * then the inspection, and the submitted experts are counted under that lock: the second sees the
 * first, so the inspection ends SCORED with both submissions in its history and the mean score.
 */
let server: TestServer;
let s: Inspections;
let other: SecondProcess | undefined;
const PORT = 20000 + ((process.pid + 431) % 1000);
const ROUNDS = 3;

beforeAll(async () => {
  server = await startTestServer('srm_locale_inspect_race');
  s = await peopleOf(server);
  if (onMysql) other = await startSecondProcess(server.config.dbUrl, PORT);
}, 180_000);
afterAll(async () => {
  other?.stop();
  await server?.close();
});

/** An inspection whose two experts have saved their scores (qe01: 5 × 19 = 95, manager01: 5 × 15 = 75). */
async function readyForExperts(): Promise<number> {
  const { inspectId } = await executingPlan(s, { supplierId: 1, experts: ['qe01', 'manager01'] });
  await selfChecked(s, inspectId);
  expectOk(await expertScores(s, inspectId, 'qe01', 1));
  expectOk(await expertScores(s, inspectId, 'manager01', 5));
  return inspectId;
}

async function expectBothCounted(id: number): Promise<void> {
  const inspection = await inspectionOf(s, id);
  expect([inspection.status, Number(inspection.expert_score)]).toEqual(['SCORED', 85]);
  const history = await rowsOf(s, 'base_lifecycle_history', 'history_id', {
    entity_name: 'srmSlcLocaleInspect',
    record_id: id,
  });
  expect(
    history
      .filter((h) => h.action === 'doExpertSubmit')
      .map((h) => Number(h.user_id))
      .sort(),
  ).toEqual([3, 4]);
  expect(history.filter((h) => h.action === 'doScoreComplete')).toHaveLength(1);
}

describe('two experts submit at once', () => {
  it(`in one process: both 200, SCORED once with the mean (${ROUNDS} rounds)`, async () => {
    const qe = await headersOf(s, 'qe01', 'SLC_LOCALE_INSPECT');
    const manager = await headersOf(s, 'manager01', 'SLC_LOCALE_INSPECT');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await readyForExperts();
      const answers = await Promise.all([
        server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, qe),
        server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, manager),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await expectBothCounted(id);
    }
  });

  it.runIf(onMysql)(`on two server processes: both 200, SCORED once with the mean (${ROUNDS} rounds)`, async () => {
    const qe = await headersOf(s, 'qe01', 'SLC_LOCALE_INSPECT');
    const manager = await headersOf(s, 'manager01', 'SLC_LOCALE_INSPECT');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await readyForExperts();
      const answers = await Promise.all([
        server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, qe),
        other!.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, manager),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await expectBothCounted(id);
    }
  });
});
