import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuId, runSql, sessionHeaders } from '../../testing/authFixtures';
import { onMysql, startSecondProcess, type SecondProcess } from '../../testing/secondProcess';
import { startTestServer, type ApiAnswer, type TestServer } from '../../testing/testServer';
import { statementBody } from './statementFixtures';
import { proofOf, RESP, rows, type Body, type Proof } from '../../testing/proofFixtures';

/**
 * "A receipt is reconciled once" across server processes (docs/developer-guide.md "Invariants
 * under concurrency"): two statements naming the same unchecked receipt, saved at the same moment
 * on two processes of one MariaDB, give one 200 and one 409, and the receipt is held by the one
 * that won. The one-process race is in receiptLedger.int.test.ts.
 */
let server: TestServer;
let p: Proof;
let other: SecondProcess | undefined;
const PORT = 20000 + ((process.pid + 700) % 1000);
const RECEIPTS = [301, 302, 303];
const RES = 'srmRcnAccountCheckRestful';

beforeAll(async () => {
  if (!onMysql) return; // SQLite runs one process; its race is in receiptLedger.int.test.ts.
  server = await startTestServer('srm_rcn_claim_race');
  p = await proofOf(server);
  for (const id of RECEIPTS)
    await runSql(
      server,
      'INSERT INTO srm_pur_receipt_transaction (transaction_id, transaction_number, transaction_type, order_header_id, order_line_id, supplier_id, org_id, inv_org_id, item_id, quantity, uom_code, unit_price_excl, tax_rate, transaction_date, checked_flag, version_num) ' +
        "VALUES (?, ?, 'RECEIVE', 1, 1, 1, 2, 5, 1, '10', 'PCS', '0.085000', '0.1300', '2026-11-20', 'N', 1)",
      [id, `RCV20261120${id}`],
    );
  other = await startSecondProcess(server.config.dbUrl, PORT);
}, 180_000);
afterAll(async () => {
  other?.stop();
  await server?.close();
});

const statement = (transactionId: number): Body =>
  statementBody([{ transactionId, quantity: '10', unitPriceExcl: '0.085', taxRate: '0.13', uomCode: 'PCS' }]);

async function headers(): Promise<Record<string, string>> {
  return sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(server, 'RCN_BUYER_CHECK'));
}

describe.runIf(onMysql)('a receipt claimed by two statements on two processes at once', () => {
  it(`one 200, one 409, the receipt held by the winner (${RECEIPTS.length} rounds)`, async () => {
    const h = await headers();
    for (const id of RECEIPTS) {
      const answers: ApiAnswer[] = await Promise.all([
        server.call('srmServer', RES, 'saveOrUpdate', statement(id), h),
        other!.call('srmServer', RES, 'saveOrUpdate', statement(id), h),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.data as { accountCheckId: number };
      const [receipt] = await rows(p, 'srm_pur_receipt_transaction', 'transaction_id', { transaction_id: id });
      expect(Number(receipt.account_check_id)).toBe(winner.accountCheckId);
      const held = await rows(p, 'srm_rcn_account_check_line', 'check_line_id', { transaction_id: id });
      expect(held.map((l) => Number(l.account_check_id))).toEqual([winner.accountCheckId]);
    }
  });
});
