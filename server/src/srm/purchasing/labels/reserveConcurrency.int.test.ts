import { describe, expect, it } from 'vitest';
import { expectError } from '../../../testing/apiAssertions';
import { onMysql } from '../../../testing/secondProcess';
import { type ApiAnswer } from '../../../testing/testServer';
import { dayFromNow, LabelApi, RESERVE_RES, SUP_RESERVE } from './labelFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * A dock slot (plant, dock, date, time slot) is held by at most one active appointment, and a
 * delivery note is in at most one: two submits at once, in one process (parallel transactions on
 * MariaDB) and on two server processes of one MariaDB, leave exactly one SUBMITTED.
 */
const ROUNDS = 4;
const PORT = 21000 + (process.pid % 1000);
const t = serverWith('srm_reserve_race', (server) => new LabelApi(server), { secondProcessPort: PORT });

async function expectOneWinner(ids: number[], answers: ApiAnswer[], message: string): Promise<void> {
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const loser = answers.find((a) => a.status !== 200)!;
  expectError(loser, 409);
  expect(loser.body.msg).toContain(message);
  const rows = await t.api.select(
    `SELECT status FROM srm_pur_reserve_header WHERE reserve_id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  expect(rows.map((r) => r.status).sort()).toEqual(['DRAFT', 'SUBMITTED']);
}

/** Two drafts for one slot (different notes), or for one note (different slots). */
async function twoDrafts(round: number, clash: 'slot' | 'note'): Promise<number[]> {
  const date = dayFromNow(30 + round);
  const first = await t.api.shippedNote('10');
  if (clash === 'slot') {
    const second = await t.api.shippedNote('10');
    return [
      await t.api.draft([first.noteId], date, 'DOCK_A', '10-12'),
      await t.api.draft([second.noteId], date, 'DOCK_A', '10-12'),
    ];
  }
  return [
    await t.api.draft([first.noteId], date, 'DOCK_B', '13-15'),
    await t.api.draft([first.noteId], date, 'DOCK_C', '15-17'),
  ];
}

const submit = async (id: number) => t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id });

describe('one active appointment per dock slot and per delivery note, under concurrency', () => {
  it(`two submits of one slot at once in one process: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await twoDrafts(round, 'slot');
      await expectOneWinner(ids, await Promise.all(ids.map(submit)), 'already booked');
    }
  });

  it(`two submits of one delivery note at once in one process: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await twoDrafts(round, 'note');
      await expectOneWinner(ids, await Promise.all(ids.map(submit)), 'already in another active appointment');
    }
  });

  it.skipIf(!onMysql)(
    `two submits of one slot on two server processes: exactly one succeeds, ${ROUNDS} rounds`,
    async () => {
      const headers = await t.api.headers('supplier01', SUP_RESERVE, RESERVE_RES);
      for (let round = 0; round < ROUNDS; round++) {
        const ids = await twoDrafts(10 + round, 'slot');
        const answers = await Promise.all([
          t.server.call('srmServer', RESERVE_RES, 'doSubmit', { id: ids[0] }, headers),
          t.other!.call('srmServer', RESERVE_RES, 'doSubmit', { id: ids[1] }, headers),
        ]);
        await expectOneWinner(ids, answers, 'already booked');
      }
    },
  );

  it.skipIf(!onMysql)(
    `two submits of one delivery note on two server processes: exactly one succeeds, ${ROUNDS} rounds`,
    async () => {
      const headers = await t.api.headers('supplier01', SUP_RESERVE, RESERVE_RES);
      for (let round = 0; round < ROUNDS; round++) {
        const ids = await twoDrafts(10 + round, 'note');
        const answers = await Promise.all([
          t.server.call('srmServer', RESERVE_RES, 'doSubmit', { id: ids[0] }, headers),
          t.other!.call('srmServer', RESERVE_RES, 'doSubmit', { id: ids[1] }, headers),
        ]);
        await expectOneWinner(ids, answers, 'already in another active appointment');
      }
    },
  );
});
