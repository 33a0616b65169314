import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../testing/authFixtures';
import { PDF, upload } from '../../testing/fileFixtures';
import { statementBody } from './statementFixtures';
import { call, RESP, rows, type Body, type ProofUser } from '../../testing/proofFixtures';
import { proofServer } from '../../testing/proofServer';

/**
 * The receipt seam on the purchasing domain's receipt table (srmPurReceiptTransaction) and order
 * lines: receipts 1–10 of demo order 1's line 1 are written straight into the table here, so
 * the statement's claims, releases and acceptance are proven on known quantities.
 */
const p = proofServer('srm_rcn_ledger');
beforeAll(async () => {
  // Receipts 1–6 of supplier 1 (order line 1), 7 of supplier 2, all received at plant SZ01 (org 5): a
  // statement line reads its receipt through the buyer's organisation permits.
  for (const [id, supplierId, quantity] of [
    [1, 1, '9980'],
    [2, 1, '100'],
    [3, 1, '200'],
    [4, 1, '300'],
    [5, 1, '10'],
    [6, 1, '20'],
    [7, 2, '50'],
    [8, 1, '40'],
    [9, 1, '60'],
    [10, 1, '70'],
  ] as const)
    await runSql(
      p.server,
      'INSERT INTO srm_pur_receipt_transaction (transaction_id, transaction_number, transaction_type, order_header_id, order_line_id, supplier_id, org_id, inv_org_id, item_id, quantity, uom_code, unit_price_excl, tax_rate, amount_excl, transaction_date, checked_flag, version_num) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)',
      [
        id,
        `RCV2026112000${id}`,
        'RECEIVE',
        1,
        1,
        supplierId,
        2,
        5,
        1,
        quantity,
        'PCS',
        '0.085000',
        '0.1300',
        null,
        '2026-11-20',
        'N',
      ],
    );
});

const RES = 'srmRcnAccountCheckRestful';
const MENU: Record<string, string> = {
  buyer01: 'RCN_BUYER_CHECK',
  supplier01: 'SUP_RCN_PROD_CHECK',
  supplier02: 'SUP_RCN_PROD_CHECK',
};
const act = (user: ProofUser, action: string, body: Body) => call(p, user, MENU[user], RES, action, body);
const receipt = async (id: number) =>
  (await rows(p, 'srm_pur_receipt_transaction', 'transaction_id', { transaction_id: id }))[0];
const line = (transactionId: number, quantity: string) => ({
  transactionId,
  quantity,
  unitPriceExcl: '0.085',
  taxRate: '0.13',
  itemCode: '1001000012',
  uomCode: 'PCS',
});
const body = (lines: Body[]) => statementBody(lines);

describe('ReceiptLedger on the receipt table', () => {
  it('lines claim their receipts; a receipt on another non-cancelled statement is 409; a dropped line frees its receipt; cancel frees all', async () => {
    const a = expectOk(await act('buyer01', 'saveOrUpdate', body([line(1, '9980'), line(2, '100')])));
    expect([(await receipt(1)).account_check_id, (await receipt(2)).account_check_id]).toEqual([
      a.accountCheckId,
      a.accountCheckId,
    ]);
    const taken = await act('buyer01', 'saveOrUpdate', body([line(1, '9980')]));
    expectError(taken, 409);
    expect(taken.body.msg).toMatch(/Receipt transaction 1 is already on another account statement/);
    expectError(await act('buyer01', 'saveOrUpdate', body([line(7, '50')])), 400);
    expectOk(
      await act('buyer01', 'saveOrUpdate', {
        accountCheckId: a.accountCheckId,
        versionNum: a.versionNum,
        lines: [a.lines[0]],
      }),
    );
    expect((await receipt(2)).account_check_id).toBeNull();
    expectOk(await act('buyer01', 'doCancel', { id: a.accountCheckId }));
    expect((await receipt(1)).account_check_id).toBeNull();
    expectOk(await act('buyer01', 'saveOrUpdate', body([line(1, '9980')])));
  });

  it('the accepted invoice marks the receipts checked and adds their quantity to the order line', async () => {
    const saved = expectOk(await act('buyer01', 'saveOrUpdate', body([line(5, '10'), line(6, '20')])));
    const id = saved.accountCheckId as number;
    expect(saved.checkAmountTotal).toBe('2.88');
    expectOk(await act('buyer01', 'doRelease', { id }));
    expectOk(await act('supplier01', 'doSupplierConfirm', { id }));
    const auth = sessionHeaders(p.sessions.supplier01, RESP.supplier01, await menuId(p.server, MENU.supplier01));
    const file = expectOk(await upload(p.server, auth, [{ name: 'invoice.pdf', bytes: PDF }]))[0].id as number;
    const current = expectOk(await act('supplier01', 'findById', { id }));
    expectOk(
      await act('supplier01', 'saveOrUpdate', {
        accountCheckId: id,
        versionNum: current.versionNum,
        invoices: [
          {
            invoiceType: 'SPECIAL_VAT',
            invoiceNumber: '1',
            invoiceDate: '2026-11-25',
            amountExcl: '2.55',
            taxAmount: '0.33',
            amountIncl: '2.88',
            attachmentIds: String(file),
          },
        ],
      }),
    );
    expectOk(await act('supplier01', 'doSubmitInvoice', { id }));
    const before = Number((await rows(p, 'srm_pur_order_line', 'order_line_id', { order_line_id: 1 }))[0].invoiced_qty);
    expectOk(await act('buyer01', 'doApproveInvoice', { id }));
    expect([(await receipt(5)).checked_flag, (await receipt(6)).checked_flag]).toEqual(['Y', 'Y']);
    expect(Number((await rows(p, 'srm_pur_order_line', 'order_line_id', { order_line_id: 1 }))[0].invoiced_qty)).toBe(
      before + 30,
    );
  });

  it('createInvoiceListAndAccountCheck: a SUPPLIER_CONFIRMED statement and its invoice list from the supplier’s unchecked receipts; the same receipts again are 409', async () => {
    const created = expectOk(
      await act('supplier01', 'createInvoiceListAndAccountCheck', { transactionIds: [3, 4], checkType: 'PROD' }),
    );
    expect(created).toMatchObject({
      status: 'SUPPLIER_CONFIRMED',
      supplierId: 1,
      orgId: 2,
      checkAmountTotal: '48.03',
      periodFrom: '2026-11-20',
    });
    expect(created.lines.map((l: Body) => [l.transactionId, l.quantity, l.amountIncl, l.itemCode])).toEqual([
      [3, '200.0000', '19.21', '1001000012'],
      [4, '300.0000', '28.82', '1001000012'],
    ]);
    expect(created.invoiceLists.map((r: Body) => [r.quantity, r.amountExcl, r.taxAmount])).toEqual([
      ['500.0000', '42.50', '5.53'],
    ]);
    expect((await receipt(3)).account_check_id).toBe(created.accountCheckId);
    expectError(await act('supplier01', 'createInvoiceListAndAccountCheck', { transactionIds: [3] }), 409);
    expectError(await act('supplier01', 'createInvoiceListAndAccountCheck', { transactionIds: [7] }), 409);
    expectError(await act('buyer01', 'createInvoiceListAndAccountCheck', { transactionIds: [2] }), 403);
  });

  it('createInvoiceListAndAccountCheck refuses a period that is no date (400, naming it) and claims nothing', async () => {
    const statements = async () =>
      Number((await p.server.kernel.db.select('SELECT COUNT(*) AS n FROM srm_rcn_account_check'))[0].n);
    const before = await statements();
    const create = (extra: Body) =>
      act('supplier01', 'createInvoiceListAndAccountCheck', { transactionIds: [2], ...extra });
    for (const periodFrom of ['not-a-date', 'x'.repeat(300), 20261101, '2026-02-31'])
      expectError(await create({ periodFrom }), 400, ['periodFrom']);
    expectError(await create({ periodTo: '2026-11-31' }), 400, ['periodTo']);
    expectError(await create({ transactionIds: ['three'] }), 400, ['transactionIds[0]']);
    expectError(await create({ checkType: 'OTHER' }), 400, ['checkType']);
    expect(await statements()).toBe(before);
  });

  it('a deleted draft no longer holds its receipts', async () => {
    const held = expectOk(await act('buyer01', 'saveOrUpdate', body([line(8, '40')])));
    expectError(await act('buyer01', 'saveOrUpdate', body([line(8, '40')])), 409);
    const deleted = await act('buyer01', 'delete', { id: held.accountCheckId });
    expectOk(deleted);
    const again = await act('buyer01', 'saveOrUpdate', body([line(8, '40')]));
    expectOk(again);
  });

  it('two statements claiming one receipt at the same time: one 200, one 409 (three rounds)', async () => {
    for (const id of [2, 9, 10]) {
      const answers = await Promise.all([
        act('buyer01', 'saveOrUpdate', body([line(id, '1')])),
        act('buyer01', 'saveOrUpdate', body([line(id, '1')])),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    }
  });
});
