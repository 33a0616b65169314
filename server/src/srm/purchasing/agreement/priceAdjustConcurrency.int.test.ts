import { describe, expect, it } from 'vitest';
import { expectError } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { type ApiAnswer } from '../../../testing/testServer';
import { RESP, rows } from '../../../testing/proofFixtures';
import { adjustAct, ADJ_RES, approvedAdjust, approvedAgreement } from './priceAdjustFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * DOMAIN 5.3 "confirming twice applies once" under concurrency: the same price change confirmed
 * by supplier01 twice at the same moment, in one process (both engines) and from two server
 * processes on one MariaDB. The lifecycle locks the agreement and the change and checks the state
 * under the lock, so exactly one confirmation writes prices (docs/developer-guide.md,
 * "Invariants under concurrency").
 */
const PORT = 21000 + (process.pid % 1000);
const ROUNDS = 4;
const p = proofServer('srm_adjust_race', { secondProcessPort: PORT });

async function expectAppliedOnce(id: number, lineId: number, answers: ApiAnswer[]): Promise<void> {
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expectError(
    answers.find((a) => a.status !== 200)!,
    409,
  );
  const adjust = (await rows(p, 'srm_pur_price_adjust', 'price_adjust_id', { price_adjust_id: id }))[0];
  expect(adjust.status).toBe('CONFIRMED');
  const prices = await rows(p, 'srm_pur_material_price', 'material_price_id', { agreement_line_id: lineId });
  expect(prices.map((r) => r.source_type)).toEqual(['AGREEMENT', 'ADJUSTMENT']);
  const history = await rows(p, 'base_lifecycle_history', 'history_id', {
    entity_name: 'srmPurPriceAdjust',
    record_id: id,
  });
  expect(history.filter((h) => h.action === 'doSupplierConfirm')).toHaveLength(1);
}

describe('a price change is applied once, under concurrency', () => {
  it(`the same change confirmed twice at once in one process: one 200, one 409, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const agreement = await approvedAgreement(p);
      const id = await approvedAdjust(p, agreement);
      const answers = await Promise.all([1, 2].map(() => adjustAct(p, 'supplier01', 'doSupplierConfirm', { id })));
      await expectAppliedOnce(id, agreement.lineIds[0], answers);
    }
  });

  it.skipIf(!onMysql)(
    `the same change confirmed at once on two server processes: one 200, one 409, ${ROUNDS} rounds`,
    async () => {
      const headers = sessionHeaders(
        p.sessions.supplier01,
        RESP.supplier01,
        await menuId(p.server, 'SUP_PRICE_ADJUST'),
      );
      for (let round = 0; round < ROUNDS; round++) {
        const agreement = await approvedAgreement(p);
        const id = await approvedAdjust(p, agreement);
        const answers = await Promise.all([
          p.server.call('srmServer', ADJ_RES, 'doSupplierConfirm', { id }, headers),
          p.other!.call('srmServer', ADJ_RES, 'doSupplierConfirm', { id }, headers),
        ]);
        await expectAppliedOnce(id, agreement.lineIds[0], answers);
      }
    },
  );
});
