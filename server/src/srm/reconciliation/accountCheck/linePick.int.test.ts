import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql } from '../../../testing/authFixtures';
import { statementBody } from '../statementFixtures';
import { call, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * The statement's line pick (SrmRcnAccountCheckEdit, form.lines[0].pick): the receipts it offers
 * are read through the receipt entity's generic listByPage, granted because the menu reaches the
 * page that declares the pick and holds its button (btnAddFromReceipt); the receipts' row scope
 * applies; the save takes the line's values from the receipt, not from the client. Demo receipts:
 * 9301 and 9302 of supplier 1 (2026-11-16, unchecked), 9303 and 9304 of supplier 2.
 */
const p = proofServer('srm_rcn_pick');

const RECEIPTS = 'srmPurReceiptTransactionRestful';
const list = (user: ProofUser, menu: string, filter?: Body, pageRows = 20) =>
  call(p, user, menu, RECEIPTS, 'listByPage', {
    params: {},
    ...(filter && { filter }),
    pageIndex: 1,
    pageRows,
    orderBy: 'transactionId asc',
  });

/** The statement's pick filter as the runtime resolves it for supplier 1, ME01, CNY, November 2026. */
const offered = (supplierId = 1): Body => ({
  and: [
    { field: 'supplierId', op: 'eq', value: supplierId },
    { field: 'orgId', op: 'eq', value: 2 },
    {
      or: [
        { field: 'currencyCode', op: 'null' },
        { field: 'currencyCode', op: 'eq', value: 'CNY' },
      ],
    },
    { field: 'transactionDate', op: 'between', value: ['2026-11-01', '2026-11-30'] },
    { field: 'checkedFlag', op: 'eq', value: 'N' },
    { field: 'accountCheckId', op: 'null' },
  ],
});
const ids = (data: Body[]) => data.map((r) => r.transactionId);

describe('reading the receipts a statement may pick', () => {
  it('a buyer holding the pick gets the unchecked receipts of the supplier, with the pick’s columns and labels only', async () => {
    const rows = expectOk<Body[]>(await list('buyer01', 'RCN_BUYER_CHECK', offered()));
    expect(ids(rows)).toEqual([9301, 9302]);
    expect(rows[0]).toMatchObject({
      transactionNumber: 'RCV202611169301',
      quantity: '9980.0000',
      unitPriceExcl: '0.085000',
      itemCode: '1001000012',
      poNumber: expect.any(String),
      deliveryNoteNumber: expect.any(String),
      // Reference labels in the caller's language (the test calls in English).
      itemName: 'Stainless Phillips pan-head screw M3×8',
    });
    // Fields the pick does not name stay with the menus that manage receipts.
    expect(rows[0]).not.toHaveProperty('inspectResult');
    expect(rows[0]).not.toHaveProperty('createdBy');
  });

  it('the same menu without the pick’s button reads receipts only as a reference: key and number', async () => {
    const role = 101;
    const menu = await menuId(p.server, 'RCN_ACCOUNT_CHECK');
    await runSql(p.server, 'DELETE FROM base_role_resource WHERE role_id = ? AND menu_id = ? AND resource_code = ?', [
      role,
      menu,
      'btnAddFromReceipt',
    ]);
    const rows = expectOk<Body[]>(await list('buyer01', 'RCN_ACCOUNT_CHECK'));
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]).sort()).toEqual(['transactionId', 'transactionNumber']);
    expect((await list('buyer01', 'RCN_ACCOUNT_CHECK', offered())).status).toBeGreaterThanOrEqual(400);
    // The buyer's other menu still holds it.
    expect(ids(expectOk<Body[]>(await list('buyer01', 'RCN_BUYER_CHECK', offered())))).toEqual([9301, 9302]);
  });

  it('a menu that does not reach the page declaring the pick is refused 403', async () => {
    expectError(await list('buyer01', 'RCN_CHECK_TYPE_INFO', offered()), 403);
  });

  it('a supplier holding the pick reads only its own receipts, whatever it asks for', async () => {
    const menu = await menuId(p.server, 'SUP_RCN_PROD_CHECK');
    await runSql(
      p.server,
      'INSERT INTO base_role_resource (role_resource_id, role_id, menu_id, resource_code, version_num) VALUES (?, ?, ?, ?, 1)',
      [229901, 103, menu, 'btnAddFromReceipt'],
    );
    expect(ids(expectOk<Body[]>(await list('supplier01', 'SUP_RCN_PROD_CHECK', offered(1))))).toEqual([9301, 9302]);
    expect(expectOk<Body[]>(await list('supplier01', 'SUP_RCN_PROD_CHECK', offered(2)))).toEqual([]);
    expect(ids(expectOk<Body[]>(await list('supplier02', 'SUP_RCN_PROD_CHECK')))).toEqual([9303, 9304]);
  });
});

describe('saving picked lines', () => {
  it('the line takes its values from the receipt, not from the client; a picked receipt is no longer offered', async () => {
    const answer = await call(
      p,
      'buyer01',
      'RCN_BUYER_CHECK',
      'srmRcnAccountCheckRestful',
      'saveAccountCheck',
      statementBody([
        { transactionId: 9301, transactionNumber: 'FAKE', quantity: '1', unitPriceExcl: '999', taxRate: '0' },
      ]),
    );
    const saved = expectOk<Body>(answer);
    const id = saved.accountCheckId as number;
    const found = expectOk<Body>(
      await call(p, 'buyer01', 'RCN_BUYER_CHECK', 'srmRcnAccountCheckRestful', 'findById', { id }),
    );
    const [line] = found.lines as Body[];
    expect(line).toMatchObject({
      transactionId: 9301,
      transactionNumber: 'RCV202611169301',
      quantity: '9980.0000',
      unitPriceExcl: '0.085000',
      taxRate: '0.1300',
      amountExcl: '848.30',
      taxAmount: '110.28',
      amountIncl: '958.58',
      itemCode: '1001000012',
      itemName: '不锈钢十字盘头螺钉 M3×8',
      transactionDate: '2026-11-16',
    });
    expect(line.poNumber).toEqual(expect.any(String));
    expect(found).toMatchObject({ amountExcl: '848.30', taxAmount: '110.28', checkAmountTotal: '958.58' });
    expect(ids(expectOk<Body[]>(await list('buyer01', 'RCN_BUYER_CHECK', offered())))).toEqual([9302]);
  });

  it('a receipt of another supplier cannot be put on the statement', async () => {
    const answer = await call(
      p,
      'buyer01',
      'RCN_BUYER_CHECK',
      'srmRcnAccountCheckRestful',
      'saveAccountCheck',
      statementBody([{ transactionId: 9303 }]),
    );
    expectError(answer, 400);
  });
});
