import * as ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { PDF, upload } from '../../../testing/fileFixtures';
import { signedHeaders } from '../../../testing/testServer';
import { SCREW_LINE, statementBody } from '../statementFixtures';
import {
  call,
  expectTransition,
  rows,
  setState,
  type Body,
  type ProofUser,
  RESP,
} from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { uploadXlsx as uploadSheet } from '../../../testing/sheetUploads';

/** The account statement (DOMAIN.md §4.1): its lifecycle, amounts, tolerance, scope, files, and the receipt seam without receipts. */
const p = proofServer('srm_rcn_check');

/** A fresh PDF attachment uploaded by the user (invoices need their file). */
async function pdfOf(user: ProofUser): Promise<string> {
  const auth = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, MENU[user]));
  return String(expectOk(await upload(p.server, auth, [{ name: 'invoice.pdf', bytes: PDF }]))[0].id);
}

const RES = 'srmRcnAccountCheckRestful';
const ENTITY = 'srmRcnAccountCheck';
const TABLE = 'srm_rcn_account_check';
const MENU: Record<ProofUser, string> = {
  admin: 'RCN_BUYER_CHECK',
  buyer01: 'RCN_BUYER_CHECK',
  manager01: 'RCN_SUPPLIER_INVOICE',
  supplier01: 'SUP_RCN_PROD_CHECK',
  supplier02: 'SUP_RCN_PROD_CHECK',
};
const act = (user: ProofUser, action: string, body: Body, resource = RES) =>
  call(p, user, MENU[user], resource, action, body);
const headerOf = async (id: number) => (await rows(p, TABLE, 'account_check_id', { account_check_id: id }))[0];

const LINE = { transactionType: 'RECEIVE', ...SCREW_LINE };
const checkBody = (extra: Body = {}): Body => statementBody([LINE], extra);

async function draft(extra: Body = {}): Promise<number> {
  if (Array.isArray(extra.invoices))
    for (const i of extra.invoices as Body[]) i.attachmentIds ??= await pdfOf('buyer01');
  const answer = await act('buyer01', 'saveOrUpdate', checkBody(extra));
  return expectOk(answer).accountCheckId as number;
}

/** A statement the supplier has confirmed, with an invoice of `amountIncl` entered by the supplier. */
async function withInvoice(amountIncl: string): Promise<number> {
  const id = await draft();
  expectOk(await act('buyer01', 'doRelease', { id }));
  expectOk(await act('supplier01', 'doSupplierConfirm', { id }));
  const saved = expectOk(await act('supplier01', 'findById', { id }));
  expectOk(
    await act('supplier01', 'saveOrUpdate', {
      accountCheckId: id,
      versionNum: saved.versionNum,
      invoices: [{ ...invoice(amountIncl), attachmentIds: await pdfOf('supplier01') }],
    }),
  );
  return id;
}

function invoice(amountIncl: string): Body {
  return {
    invoiceType: 'SPECIAL_VAT',
    invoiceNumber: '26320000009876',
    invoiceDate: '2026-11-25',
    amountExcl: '848.30',
    taxAmount: '110.28',
    amountIncl,
  };
}

describe('amounts', () => {
  it('a saved line: 9,980 × 0.085 = 848.30 + 110.28 tax = 958.58; updateCheckAmountTotal adds fees and subtracts deductions', async () => {
    const id = await draft({
      others: [{ feeType: 'FREIGHT', amountExcl: '100.00', taxRate: '0.06' }],
      deducteds: [{ deductType: 'QUALITY_CLAIM', amount: '20.10' }],
    });
    const saved = expectOk(await act('buyer01', 'findById', { id }));
    expect(saved.lines[0]).toMatchObject({ amountExcl: '848.30', taxAmount: '110.28', amountIncl: '958.58' });
    expect(saved).toMatchObject({
      amountExcl: '848.30',
      taxAmount: '110.28',
      otherAmount: '106.00',
      deductedAmount: '20.10',
      checkAmountTotal: '1044.48',
    });
    await runSql(p.server, `UPDATE ${TABLE} SET check_amount_total = ?, amount_excl = ? WHERE account_check_id = ?`, [
      '0.00',
      '0.00',
      id,
    ]);
    const again = expectOk(await act('buyer01', 'updateCheckAmountTotal', { id }));
    expect(again).toMatchObject({
      checkAmountTotal: '1044.48',
      amountExcl: '848.30',
      invoiceAmountTotal: '0.00',
      differenceAmount: '1044.48',
    });
    const plain = await draft();
    expect(expectOk(await act('buyer01', 'updateCheckAmountTotal', { id: plain }))).toMatchObject({
      checkAmountTotal: '958.58',
      taxAmount: '110.28',
    });
    expect(String((await headerOf(plain)).check_amount_total)).toMatch(/^958\.58/);
  });

  it('saveAccountCheck saves header, lines, deductions and fees in one call', async () => {
    const saved = expectOk(
      await act('buyer01', 'saveAccountCheck', checkBody({ deducteds: [{ deductType: 'OTHER', amount: '8.58' }] })),
    );
    expect(saved).toMatchObject({ status: 'DRAFT', checkAmountTotal: '950.00' });
    expect(saved.checkNumber).toMatch(/^AC\d{12}$/);
    expect(saved.lines).toHaveLength(1);
  });
});

describe('every action from every state', () => {
  const STATES = [
    'DRAFT',
    'RELEASED',
    'SUPPLIER_CONFIRMED',
    'SUPPLIER_REJECTED',
    'INVOICE_SUBMITTED',
    'INVOICE_REJECTED',
    'COMPLETED',
    'CANCELLED',
  ];
  const ACTIONS: [string, ProofUser, string[], string][] = [
    ['doRelease', 'buyer01', ['DRAFT', 'SUPPLIER_REJECTED'], 'RELEASED'],
    ['doSupplierConfirm', 'supplier01', ['RELEASED'], 'SUPPLIER_CONFIRMED'],
    ['doSupplierReject', 'supplier01', ['RELEASED'], 'SUPPLIER_REJECTED'],
    ['doSubmitInvoice', 'supplier01', ['SUPPLIER_CONFIRMED', 'INVOICE_REJECTED'], 'INVOICE_SUBMITTED'],
    ['doApproveInvoice', 'buyer01', ['INVOICE_SUBMITTED'], 'COMPLETED'],
    ['doRejectInvoice', 'buyer01', ['INVOICE_SUBMITTED'], 'INVOICE_REJECTED'],
    ['doCancel', 'buyer01', ['DRAFT', 'RELEASED', 'SUPPLIER_REJECTED'], 'CANCELLED'],
  ];
  const cases = ACTIONS.flatMap(([action, user, from, to]) =>
    STATES.map((state) => [action, state, from.includes(state) ? to : null, user] as const),
  );
  it.each(cases)('%s from %s → %s', async (action, state, to, user) => {
    const id = await draft({ invoices: [invoice('958.58')] });
    await setState(p, TABLE, 'status', 'account_check_id', id, state);
    const answer = await act(user, action, { id, comment: 'checked' });
    if (user.startsWith('supplier') && ['DRAFT', 'CANCELLED'].includes(state)) {
      // A supplier never sees drafts or cancelled statements: not found, not "illegal".
      expectError(answer, 404);
      expect((await headerOf(id)).status).toBe(state);
      return;
    }
    await expectTransition(p, {
      entityName: ENTITY,
      table: TABLE,
      statusColumn: 'status',
      keyColumn: 'account_check_id',
      id,
      state,
      to,
      answer,
      action,
    });
  });

  it('a repeated action is refused with 409 and changes nothing', async () => {
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    expectError(await act('buyer01', 'doRelease', { id }), 409);
    expectOk(await act('supplier01', 'doSupplierConfirm', { id }));
    expectError(await act('supplier01', 'doSupplierConfirm', { id }), 409);
    expect((await headerOf(id)).status).toBe('SUPPLIER_CONFIRMED');
  });

  it('doRelease raises the supplier to-do SRM_RCN_PROD (NON_PROD for non-production); the answer handles it', async () => {
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    const todos = await rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: ENTITY, bill_id: id });
    expect(todos.map((t) => [t.bill_type, t.supplier_id, t.menu_code, t.bill_link, t.handle_flag])).toEqual([
      ['SRM_RCN_PROD', 1, 'SUP_RCN_PROD_CHECK', `SrmRcnAccountCheckEdit?id=${id}`, 'N'],
    ]);
    expectOk(await act('supplier01', 'doSupplierConfirm', { id }));
    expect(
      (await rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: ENTITY, bill_id: id }))[0].handle_flag,
    ).toBe('Y');
    const other = await draft({ checkType: 'NON_PROD' });
    expectOk(await act('buyer01', 'doRelease', { id: other }));
    expect(
      (await rows(p, 'base_supplier_todo', 'supplier_todo_id', { entity_name: ENTITY, bill_id: other }))[0].bill_type,
    ).toBe('SRM_RCN_NON_PROD');
  });

  it('doSupplierReject needs a comment, which becomes the supplier comment', async () => {
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    expectError(await act('supplier01', 'doSupplierReject', { id }), 400, ['comment']);
    expectOk(await act('supplier01', 'doSupplierReject', { id, comment: 'quantity differs' }));
    expect(await headerOf(id)).toMatchObject({ status: 'SUPPLIER_REJECTED', supplier_comment: 'quantity differs' });
  });

  it('the buyer who made the statement gets the to-do RCN_ACCOUNT_CHECK when the supplier disputes it or submits invoices; the next step handles it', async () => {
    const todos = async (id: number) =>
      (await rows(p, 'base_todo', 'todo_id', { entity_name: ENTITY, bill_id: id })).map((t) => [
        t.bill_type,
        t.assignee_user_id,
        t.menu_code,
        t.handle_flag,
      ]);
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    expectOk(await act('supplier01', 'doSupplierReject', { id, comment: 'price' }));
    expect(await todos(id)).toEqual([['RCN_ACCOUNT_CHECK', 2, 'RCN_BUYER_CHECK', 'N']]);
    expectOk(await act('buyer01', 'doRelease', { id }));
    expect(await todos(id)).toEqual([['RCN_ACCOUNT_CHECK', 2, 'RCN_BUYER_CHECK', 'Y']]);
    const invoiced = await withInvoice('958.58');
    expectOk(await act('supplier01', 'doSubmitInvoice', { id: invoiced }));
    expect(await todos(invoiced)).toEqual([['RCN_ACCOUNT_CHECK', 2, 'RCN_SUPPLIER_INVOICE', 'N']]);
    expectOk(await act('manager01', 'doApproveInvoice', { id: invoiced }));
    expect(await todos(invoiced)).toEqual([['RCN_ACCOUNT_CHECK', 2, 'RCN_SUPPLIER_INVOICE', 'Y']]);
    expect((await headerOf(invoiced)).status).toBe('COMPLETED');
  });

  it('a statement the supplier made from its receipts has no buyer to tell: its invoices submitted open no to-do', async () => {
    const made = await act('supplier01', 'createInvoiceListAndAccountCheck', { transactionIds: [9301] });
    const id = expectOk(made).accountCheckId as number;
    const saved = expectOk(await act('supplier01', 'findById', { id }));
    const invoices = [{ ...invoice(saved.checkAmountTotal), attachmentIds: await pdfOf('supplier01') }];
    expectOk(await act('supplier01', 'saveOrUpdate', { accountCheckId: id, versionNum: saved.versionNum, invoices }));
    expectOk(await act('supplier01', 'doSubmitInvoice', { id }));
    expect(await rows(p, 'base_todo', 'todo_id', { entity_name: ENTITY, bill_id: id })).toEqual([]);
  });

  it('each side runs only its own actions, whatever it is granted', async () => {
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    // The administrator holds every button of every menu, but is not the supplier.
    expectError(await call(p, 'admin', 'SUP_RCN_PROD_CHECK', RES, 'doSupplierConfirm', { id }), 403);
    expect((await headerOf(id)).status).toBe('RELEASED');
  });
});

describe('invoice tolerance', () => {
  it('a submit without invoices is refused with 400 naming them', async () => {
    const id = await draft();
    expectOk(await act('buyer01', 'doRelease', { id }));
    expectOk(await act('supplier01', 'doSupplierConfirm', { id }));
    const refused = await act('supplier01', 'doSubmitInvoice', { id });
    expectError(refused, 400, ['invoices']);
    expect(refused.body.msg).toMatch(/Enter the invoices before submitting them/);
    expect((await headerOf(id)).status).toBe('SUPPLIER_CONFIRMED');
  });

  it('an invoice total off by 0.01 is refused with 400 naming the difference (CN and EN); the exact total is accepted', async () => {
    const id = await withInvoice('958.59');
    const refused = await act('supplier01', 'doSubmitInvoice', { id });
    expectError(refused, 400, ['invoices.amountIncl']);
    expect(refused.body.msg).toMatch(/difference 0\.01 exceeds the tolerance 0\.00/);
    const cn = await p.server.call(
      'srmServer',
      RES,
      'doSubmitInvoice',
      { id },
      {
        ...sessionHeaders(p.sessions.supplier01, RESP.supplier01, await menuId(p.server, 'SUP_RCN_PROD_CHECK')),
        language: 'CN',
      },
    );
    expect(cn.body.msg).toMatch(/相差 0\.01，超出容差 0\.00/);
    expect((await headerOf(id)).status).toBe('SUPPLIER_CONFIRMED');
    const saved = expectOk(await act('supplier01', 'findById', { id }));
    expectOk(
      await act('supplier01', 'saveOrUpdate', {
        accountCheckId: id,
        versionNum: saved.versionNum,
        invoices: [{ ...saved.invoices[0], amountIncl: '958.58' }],
      }),
    );
    expect(expectOk(await act('supplier01', 'doSubmitInvoice', { id })).status).toBe('INVOICE_SUBMITTED');
  });

  it('within the absolute or the percentage tolerance of the check type the submit is accepted', async () => {
    try {
      await runSql(
        p.server,
        'UPDATE srm_rcn_check_type_info SET invoice_tolerance = ? WHERE check_type = ? AND org_id = ?',
        ['0.05', 'PROD', 2],
      );
      const id = await withInvoice('958.62');
      expectOk(await act('supplier01', 'doSubmitInvoice', { id }));
      const far = await withInvoice('960.00');
      expectError(await act('supplier01', 'doSubmitInvoice', { id: far }), 400);
      // 0.5 % of 958.58 is 4.79: a difference of 1.42 passes.
      await runSql(
        p.server,
        'UPDATE srm_rcn_check_type_info SET invoice_tolerance_percent = ? WHERE check_type = ? AND org_id = ?',
        ['0.0050', 'PROD', 2],
      );
      expectOk(await act('supplier01', 'doSubmitInvoice', { id: far }));
    } finally {
      await runSql(
        p.server,
        'UPDATE srm_rcn_check_type_info SET invoice_tolerance = ?, invoice_tolerance_percent = NULL WHERE check_type = ?',
        ['0.00', 'PROD'],
      );
    }
  });

  it('a supplier changes invoices only: a changed line is refused with 403', async () => {
    const id = await withInvoice('958.58');
    const saved = expectOk(await act('supplier01', 'findById', { id }));
    expectError(
      await act('supplier01', 'saveOrUpdate', {
        accountCheckId: id,
        versionNum: saved.versionNum,
        lines: [{ ...saved.lines[0], quantity: '1' }],
      }),
      403,
    );
    expectError(
      await act('buyer01', 'saveOrUpdate', {
        accountCheckId: id,
        versionNum: saved.versionNum,
        periodTo: '2026-12-31',
      }),
      409,
    );
  });
});

describe('row scope', () => {
  it("supplier02 gets 404 on supplier01's statement; drafts are invisible to the supplier", async () => {
    const id = await draft();
    expectError(await act('supplier01', 'findById', { id }), 404);
    const listed = expectOk(await act('supplier01', 'listByPage', { pageIndex: 1, pageRows: 500 }));
    expect(listed.map((r: Body) => r.accountCheckId)).not.toContain(id);
    expect(listed.every((r: Body) => r.supplierId === 1 && !['DRAFT', 'CANCELLED'].includes(String(r.status)))).toBe(
      true,
    );
    expectOk(await act('buyer01', 'doRelease', { id }));
    expect(expectOk(await act('supplier01', 'findById', { id })).accountCheckId).toBe(id);
    expectError(await act('supplier02', 'findById', { id }), 404);
    expectError(await act('supplier02', 'doSupplierConfirm', { id }), 404);
    expectError(await act('supplier02', 'listRcnAccountCheckLine', { accountCheckId: id }), 404);
    expect(expectOk(await act('supplier01', 'listRcnAccountCheckLine', { accountCheckId: id }))).toHaveLength(1);
  });
});

describe('receipts that do not exist', () => {
  it('a line naming an unknown receipt transaction, and a statement made from one, are refused', async () => {
    const refused = await act('buyer01', 'saveOrUpdate', checkBody({ lines: [{ ...LINE, transactionId: 99999999 }] }));
    expect([400, 404, 409]).toContain(refused.status);
    const created = await act('supplier01', 'createInvoiceListAndAccountCheck', {
      transactionIds: [99999999],
      checkType: 'PROD',
    });
    expect([400, 404, 409]).toContain(created.status);
  });
});

/** A call answered with a file (or an error envelope). */
async function download(
  user: ProofUser,
  resource: string,
  action: string,
  body: Body,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const headers = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, MENU[user]));
  const res = await fetch(`${p.server.baseUrl}/api/srmServer/v1/${resource}/${action}`, {
    method: 'POST',
    headers: { ...signedHeaders(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0];
}

describe('files', () => {
  it('exportPrintExcel and exportPrintCustomExcel answer an xlsx with the statement and its lines', async () => {
    const id = await draft();
    const file = await download('buyer01', RES, 'exportPrintExcel', { id });
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/spreadsheetml/);
    const sheet = await sheetOf(file.bytes);
    const texts = sheet
      .getSheetValues()
      .flat()
      .map((v) => (v === null || v === undefined ? '' : String(v)));
    expect(texts).toContain('958.58');
    expect(texts.some((t) => /^AC\d{12}$/.test(t) || /Account statement AC/.test(t))).toBe(true);
    expect(texts).toContain('M3×8 screw');
    const custom = await download('buyer01', RES, 'exportPrintCustomExcel', {
      id,
      columns: ['itemCode', 'quantity', 'amountIncl'],
    });
    const rowsOf = (await sheetOf(custom.bytes)).getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rowsOf).toContainEqual(['Item code', 'Quantity', 'Amount incl. tax']);
    expect(rowsOf).toContainEqual(['1001000012', 9980, 958.58]);
    const bad = await download('buyer01', RES, 'exportPrintCustomExcel', { id, columns: ['password'] });
    expect(bad.status).toBe(400);
    const foreign = await download('supplier02', RES, 'exportPrintExcel', { id });
    expect(foreign.status).toBe(404);
  });

  it('exportInvoiceList answers the invoice list as xlsx', async () => {
    const id = await draft({
      invoiceLists: [
        {
          itemName: 'Screw',
          specification: 'M3×8',
          uomCode: 'PCS',
          quantity: '9980',
          unitPriceExcl: '0.085',
          taxRate: '0.13',
        },
      ],
    });
    const file = await download('buyer01', 'srmRcnAccountCheckInvoiceListRestful', 'exportInvoiceList', { id });
    expect(file.status).toBe(200);
    const values = (await sheetOf(file.bytes)).getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(values[1]).toEqual([
      'Goods',
      'Specification',
      'UOM',
      'Quantity',
      'Unit price excl. tax',
      'Tax rate',
      'Amount excl. tax',
      'Tax',
    ]);
    expect(values[2]).toEqual(['Screw', 'M3×8', 'Piece', 9980, 0.085, 0.13, 848.3, 110.28]);
    const same = await download('buyer01', RES, 'exportInvoiceList', { id });
    expect((await sheetOf(same.bytes)).getRow(2).values).toEqual(values[2] && [undefined, ...values[2]]);
  });

  const uploadXlsx = (user: ProofUser, action: string, sheet: unknown[][], fields: Record<string, string>) =>
    uploadSheet(p, user, MENU[user], RES, action, sheet, fields);

  it('doImportCheckLine appends the sheet rows as lines (titles in either language) and recomputes the totals; doImportListItem fills the invoice list', async () => {
    const id = await draft();
    const answer = await uploadXlsx(
      'buyer01',
      'doImportCheckLine',
      [
        ['物料编码', 'Item name', '单位', '数量', 'Unit price excl. tax', '税率'],
        ['1001000047', 'Hex nut M4', 'PCS', 10000, 0.032, 0.13],
      ],
      { id: String(id) },
    );
    const saved = expectOk(answer);
    expect(saved.lines).toHaveLength(2);
    expect(saved.lines[1]).toMatchObject({
      itemCode: '1001000047',
      amountExcl: '320.00',
      taxAmount: '41.60',
      amountIncl: '361.60',
    });
    expect(saved.checkAmountTotal).toBe('1320.18');
    const list = expectOk(
      await uploadXlsx(
        'buyer01',
        'doImportListItem',
        [
          ['Goods', 'Quantity'],
          ['Nut', 5],
        ],
        { id: String(id) },
      ),
    );
    expect(list.invoiceLists.map((r: Body) => [r.itemName, r.quantity])).toEqual([['Nut', '5.0000']]);
    expectError(await uploadXlsx('buyer01', 'doImportCheckLine', [['nothing', 'known']], { id: String(id) }), 400);
    expectError(await act('buyer01', 'doImportCheckLine', { id }), 400);
  });
});

describe('cash discounts and rebates', () => {
  it.each([
    [
      'srmRcnCashDiscountInfoRestful',
      'RCN_CASH_DISCOUNT',
      'SUP_RCN_CASH_DISCOUNT',
      'srm_rcn_cash_discount_info',
      'cash_discount_id',
      { supplierId: 1, orgId: 2, discountRate: '0.0100', payWithinDays: 10, validFrom: '2026-12-01' },
    ],
    [
      'srmRcnRebateInfoRestful',
      'RCN_REBATE',
      'SUP_RCN_REBATE',
      'srm_rcn_rebate_info',
      'rebate_id',
      {
        supplierId: 1,
        orgId: 2,
        rebateType: 'AMOUNT',
        periodFrom: '2026-01-01',
        periodTo: '2026-12-31',
        rebateRate: '0.0200',
      },
    ],
  ])(
    '%s: doValid NEW → VALID, doInvalid VALID → INVALID, repeats 409; the supplier reads its own once VALID',
    async (resource, menu, supMenu, table, key, body) => {
      const saved = expectOk(await call(p, 'buyer01', menu, resource, 'saveOrUpdate', body));
      const id = saved[
        Object.keys(saved).find((k) => k === (key === 'rebate_id' ? 'rebateId' : 'cashDiscountId'))!
      ] as number;
      expect(saved.status).toBe('NEW');
      const own = async () =>
        expectOk(await call(p, 'supplier01', supMenu, resource, 'listByPage', { pageIndex: 1, pageRows: 500 })).map(
          (r: Body) => r[key === 'rebate_id' ? 'rebateId' : 'cashDiscountId'],
        );
      expect(await own()).not.toContain(id);
      expectError(await call(p, 'buyer01', menu, resource, 'doInvalid', { id }), 409);
      expectOk(await call(p, 'buyer01', menu, resource, 'doValid', { id }));
      expectError(await call(p, 'buyer01', menu, resource, 'doValid', { id }), 409);
      expect(await own()).toContain(id);
      expectError(await call(p, 'supplier02', supMenu, resource, 'findById', { id }), 404);
      expectError(await call(p, 'supplier01', supMenu, resource, 'doInvalid', { id }), 403);
      expectOk(await call(p, 'buyer01', menu, resource, 'doInvalid', { id }));
      expectError(await call(p, 'buyer01', menu, resource, 'doInvalid', { id }), 409);
      expect((await rows(p, table, key, { [key]: id }))[0].status).toBe('INVALID');
      expect(await own()).not.toContain(id);
    },
  );

  it('the demo data: a VALID cash discount and rebate for supplier01 and supplier02, each seeing only its own', async () => {
    const list = async (user: ProofUser, resource: string, menu: string) =>
      expectOk(await call(p, user, menu, resource, 'listByPage', { pageIndex: 1, pageRows: 500 })).map((r: Body) => [
        r.supplierId,
        r.status,
      ]);
    expect(await list('supplier01', 'srmRcnCashDiscountInfoRestful', 'SUP_RCN_CASH_DISCOUNT')).toEqual([[1, 'VALID']]);
    expect(await list('supplier02', 'srmRcnRebateInfoRestful', 'SUP_RCN_REBATE')).toEqual([[2, 'VALID']]);
  });
});
