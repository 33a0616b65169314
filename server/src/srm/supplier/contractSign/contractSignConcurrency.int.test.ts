import { describe, expect, it } from 'vitest';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { historyOf, notificationsOf, RESP } from '../../../testing/proofFixtures';
import { HEAD_ENTITY, headOf, LINE_RES, linesOf, signing } from './contractSignFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * "The head completes exactly once" across server processes (docs/developer-guide.md "Invariants
 * under concurrency"): supplier01 and supplier02 answer the last two lines of one agreement at the
 * same moment on two processes of one MariaDB; every line transition locks the head first, so the
 * second sees the first's answer and exactly one of them moves the head SIGNING → COMPLETED. The
 * one-process race is in contractSign.int.test.ts.
 */
const PORT = 20000 + ((process.pid + 416) % 1000);
const ROUNDS = 3;
const p = proofServer('srm_contract_sign_race', { timeout: 180_000, secondProcessPort: PORT, mysqlOnly: true });

describe.runIf(onMysql)('the last two lines answered on two processes at once', () => {
  it(`both answers 200, the head COMPLETED once with one history row and one notice (${ROUNDS} rounds)`, async () => {
    const menu = await menuId(p.server, 'SUP_CONTRACT_SIGN');
    const as = (user: 'supplier01' | 'supplier02') => sessionHeaders(p.sessions[user], RESP[user], menu);
    for (let round = 0; round < ROUNDS; round++) {
      const { id, line } = await signing(p);
      const answers = await Promise.all([
        p.server.call('srmServer', LINE_RES, 'doSupplierSign', { id: line[1] }, as('supplier01')),
        p.other!.call('srmServer', LINE_RES, 'doSupplierRefuse', { id: line[2], comment: 'race' }, as('supplier02')),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await linesOf(p, id)).map((l) => l.supplier_sign_status)).toEqual(['SIGNED', 'REFUSED']);
      expect((await headOf(p, id)).status).toBe('COMPLETED');
      const history = await historyOf(p, HEAD_ENTITY, id);
      expect(history.filter((h) => h.action === 'doComplete')).toHaveLength(1);
      const done = (await notificationsOf(p, HEAD_ENTITY, id)).filter((n) =>
        String(n.notification_title).endsWith('已完成'),
      );
      expect(done).toHaveLength(1);
    }
  });
});
