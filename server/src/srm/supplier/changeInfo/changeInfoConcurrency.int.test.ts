import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { type ApiAnswer } from '../../../testing/testServer';
import { call, newSupplier, RESP, rows } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * DOMAIN 1.3 "only one SUBMITTED change per supplier" under concurrency: two drafts of one
 * supplier submitted at the same moment, in one process (both engines) and from two server
 * processes on one MariaDB (docs/developer-guide.md, "Invariants under concurrency").
 */
const PORT = 20000 + (process.pid % 1000);
const RES = 'srmSlcChangeInfoRestful';
const MENU = 'SLC_CHANGE_INFO';
const ROUNDS = 5;
const p = proofServer('srm_change_race', { secondProcessPort: PORT });

async function twoDrafts(): Promise<{ supplierId: number; ids: number[] }> {
  const supplierId = await newSupplier(p);
  const body = {
    supplierId,
    changeType: 'BASIC',
    changeReason: 'office moved',
    registeredAddress: '苏州市吴中区东吴北路88号',
    contacts: [],
    accounts: [],
  };
  const ids: number[] = [];
  for (let i = 0; i < 2; i++)
    ids.push(expectOk(await call(p, 'buyer01', MENU, RES, 'saveOrUpdate', body)).changeInfoId as number);
  return { supplierId, ids };
}

async function expectOneWinner(supplierId: number, answers: ApiAnswer[]): Promise<void> {
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const loser = answers.find((a) => a.status !== 200)!;
  expectError(loser, 409);
  expect(loser.body.msg).toBe('This supplier already has an info change under approval');
  const changes = await rows(p, 'srm_slc_change_info', 'change_info_id', { supplier_id: supplierId });
  expect(changes.map((c) => c.status).sort()).toEqual(['DRAFT', 'SUBMITTED']);
}

describe('one change under approval per supplier, under concurrency', () => {
  it(`two drafts of one supplier submitted at once in one process: exactly one succeeds, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { supplierId, ids } = await twoDrafts();
      const answers = await Promise.all(ids.map((id) => call(p, 'buyer01', MENU, RES, 'submitChangeInfo', { id })));
      await expectOneWinner(supplierId, answers);
    }
  });

  it.skipIf(!onMysql)(
    `two drafts of one supplier submitted at once on two server processes: exactly one succeeds, ${ROUNDS} rounds`,
    async () => {
      const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, MENU));
      for (let round = 0; round < ROUNDS; round++) {
        const { supplierId, ids } = await twoDrafts();
        const answers = await Promise.all([
          p.server.call('srmServer', RES, 'submitChangeInfo', { id: ids[0] }, headers),
          p.other!.call('srmServer', RES, 'submitChangeInfo', { id: ids[1] }, headers),
        ]);
        await expectOneWinner(supplierId, answers);
      }
    },
  );
});
