import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { onMysql } from '../../../testing/secondProcess';
import {
  executingPlan,
  expertScores,
  headersOf,
  INSPECT_RES,
  inspectionOf,
  peopleOf,
  rowsOf,
  selfChecked,
} from './inspectFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * "Both experts count" (docs/developer-guide.md "Invariants under concurrency"): qe01 and
 * manager01 submit their expert scores of one inspection at the same moment, in one process and
 * on two server processes of one MariaDB. Every transition of an inspection locks its plan and
 * then the inspection, and the submitted experts are counted under that lock: the second sees the
 * first, so the inspection ends SCORED with both submissions in its history and the mean score.
 */
const PORT = 20000 + ((process.pid + 431) % 1000);
const ROUNDS = 3;
const t = serverWith('srm_locale_inspect_race', peopleOf, { timeout: 180_000, secondProcessPort: PORT });

/** An inspection whose two experts have saved their scores (qe01: 5 × 19 = 95, manager01: 5 × 15 = 75). */
async function readyForExperts(): Promise<number> {
  const { inspectId } = await executingPlan(t.api, { supplierId: 1, experts: ['qe01', 'manager01'] });
  await selfChecked(t.api, inspectId);
  expectOk(await expertScores(t.api, inspectId, 'qe01', 1));
  expectOk(await expertScores(t.api, inspectId, 'manager01', 5));
  return inspectId;
}

async function expectBothCounted(id: number): Promise<void> {
  const inspection = await inspectionOf(t.api, id);
  expect([inspection.status, Number(inspection.expert_score)]).toEqual(['SCORED', 85]);
  const history = await rowsOf(t.api, 'base_lifecycle_history', 'history_id', {
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
    const qe = await headersOf(t.api, 'qe01', 'SLC_LOCALE_INSPECT');
    const manager = await headersOf(t.api, 'manager01', 'SLC_LOCALE_INSPECT');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await readyForExperts();
      const answers = await Promise.all([
        t.server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, qe),
        t.server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, manager),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await expectBothCounted(id);
    }
  });

  it.runIf(onMysql)(`on two server processes: both 200, SCORED once with the mean (${ROUNDS} rounds)`, async () => {
    const qe = await headersOf(t.api, 'qe01', 'SLC_LOCALE_INSPECT');
    const manager = await headersOf(t.api, 'manager01', 'SLC_LOCALE_INSPECT');
    for (let round = 0; round < ROUNDS; round++) {
      const id = await readyForExperts();
      const answers = await Promise.all([
        t.server.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, qe),
        t.other!.call('srmServer', INSPECT_RES, 'doExpertSubmit', { id }, manager),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await expectBothCounted(id);
    }
  });
});
