import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { upload } from '../../../testing/fileFixtures';
import { SCREW_LINE, statementBody } from '../statementFixtures';
import { call, RESP, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { imageOcrMissing, invoicePdf, invoicePng } from './invoiceFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Invoice recognition: a real PDF's text layer (pdfjs-dist) and a real image through tesseract, compared with the statement. */
let imageMissing: string | null;
const p = proofServer('srm_rcn_ocr');
beforeAll(async () => {
  imageMissing = await imageOcrMissing();
});

const RES = 'srmRcnAccountCheckRestful';
const OCR = 'srmRcnAccountCheckOcrTaskRestful';
const MENU: Record<string, string> = {
  buyer01: 'RCN_BUYER_CHECK',
  supplier01: 'SUP_RCN_PROD_CHECK',
  supplier02: 'SUP_RCN_PROD_CHECK',
};
const act = (user: ProofUser, resource: string, action: string, body: Body) =>
  call(p, user, MENU[user], resource, action, body);

const LINES = [
  'Invoice Code: 032002600111',
  'Invoice No.: 26320000009876',
  'Invoice Date: 2026-11-25',
  'Seller Tax ID: 91320506MA1W8K3P2X',
  'Amount excl. tax: 848.30',
  'Tax amount: 110.28',
  'Total incl. tax: 958.58',
];

/** A statement of 958.58 the supplier has confirmed. */
async function confirmed(): Promise<number> {
  const id = expectOk(
    await act('buyer01', RES, 'saveOrUpdate', statementBody([{ ...SCREW_LINE, itemName: 'M3x8 screw' }])),
  ).accountCheckId as number;
  expectOk(await act('buyer01', RES, 'doRelease', { id }));
  expectOk(await act('supplier01', RES, 'doSupplierConfirm', { id }));
  return id;
}

async function uploaded(user: ProofUser, name: string, bytes: Buffer): Promise<number> {
  const auth = sessionHeaders(p.sessions[user], RESP[user], await menuId(p.server, MENU[user]));
  return expectOk(await upload(p.server, auth, [{ name, bytes }]))[0].id as number;
}

describe('invoice recognition', () => {
  it('reads a generated PDF invoice, compares it with the statement (VERIFIED), fills the invoice; the submit then passes', async () => {
    const id = await confirmed();
    const attachmentId = await uploaded('supplier01', 'invoice.pdf', await invoicePdf(LINES));
    const answer = await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId });
    const task = expectOk(answer);
    expect(answer.body.msg).toBe('Invoice recognised and verified');
    expect(task).toMatchObject({
      taskStatus: 'SUCCESS',
      engine: 'pdf-text',
      verifyStatus: 'VERIFIED',
      accountCheckId: id,
    });
    expect(task.resultJson.fields).toEqual({
      invoiceCode: '032002600111',
      invoiceNumber: '26320000009876',
      invoiceDate: '2026-11-25',
      sellerTaxNo: '91320506MA1W8K3P2X',
      amountExcl: '848.30',
      taxAmount: '110.28',
      amountIncl: '958.58',
    });
    expect(task.compareResult.items).toEqual([
      { field: 'amountIncl', invoice: '958.58', statement: '958.58', match: true },
      { field: 'taxAmount', invoice: '110.28', statement: '110.28', match: true },
    ]);
    const check = expectOk(await act('supplier01', RES, 'findById', { id }));
    expect(check.invoices).toHaveLength(1);
    expect(check.invoices[0]).toMatchObject({
      invoiceNumber: '26320000009876',
      amountIncl: '958.58',
      verifyStatus: 'VERIFIED',
      ocrTaskId: task.ocrTaskId,
      attachmentIds: String(attachmentId),
    });
    expect(check).toMatchObject({ invoiceAmountTotal: '958.58', differenceAmount: '0.00' });
    expect(
      expectOk(await act('supplier01', OCR, 'compareByTaskId', { id: task.ocrTaskId })).compareResult.verifyStatus,
    ).toBe('VERIFIED');
    expect(expectOk(await act('supplier01', RES, 'doSubmitInvoice', { id })).status).toBe('INVOICE_SUBMITTED');
  });

  it('an invoice of another amount is MISMATCH; the supplier corrects it before submitting', async () => {
    const id = await confirmed();
    const attachmentId = await uploaded(
      'supplier01',
      'invoice.pdf',
      await invoicePdf([
        ...LINES.slice(0, 4),
        'Amount excl. tax: 850.00',
        'Tax amount: 110.50',
        'Total incl. tax: 960.50',
      ]),
    );
    const answer = await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId });
    const task = expectOk(answer);
    expect(task).toMatchObject({ taskStatus: 'SUCCESS', verifyStatus: 'MISMATCH' });
    expect(answer.body.msg).toMatch(/^Invoice recognised; its amounts do not match the statement/);
    expect(task.compareResult.items[0]).toEqual({
      field: 'amountIncl',
      invoice: '960.50',
      statement: '958.58',
      match: false,
    });
    const refused = await act('supplier01', RES, 'doSubmitInvoice', { id });
    expectError(refused, 400);
    expect(refused.body.msg).toMatch(/difference 1\.92/);
    const saved = expectOk(await act('supplier01', RES, 'findById', { id }));
    expectOk(
      await act('supplier01', RES, 'saveOrUpdate', {
        accountCheckId: id,
        versionNum: saved.versionNum,
        invoices: [{ ...saved.invoices[0], amountExcl: '848.30', taxAmount: '110.28', amountIncl: '958.58' }],
      }),
    );
    expectOk(await act('supplier01', RES, 'doSubmitInvoice', { id }));
  });

  it("a file that is no invoice ends MANUAL saying why; another supplier's statement or file is 404", async () => {
    const id = await confirmed();
    const attachmentId = await uploaded('supplier01', 'letter.pdf', await invoicePdf(['Dear customer, thank you.']));
    const answer = await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId });
    const task = expectOk(answer);
    expect(task.taskStatus).toBe('MANUAL');
    expect(answer.body.msg).toMatch(/^The invoice could not be read; enter it by hand: Not read: invoiceNumber/);
    expect(task.message).toMatch(/Not read: invoiceNumber, invoiceDate, amountExcl, taxAmount, amountIncl/);
    expect(expectOk(await act('supplier01', RES, 'findById', { id })).invoices).toHaveLength(0);
    expectError(await act('supplier02', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId }), 404);
    const foreign = await uploaded('buyer01', 'x.pdf', await invoicePdf(LINES));
    expectError(await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId: foreign }), 404);
  });

  it('reads a real PNG invoice through tesseract (skipped, saying so, only when tesseract is missing)', async (ctx) => {
    if (imageMissing) {
      ctx.skip(`image OCR not tested: ${imageMissing}`);
      return;
    }
    const id = await confirmed();
    const attachmentId = await uploaded('supplier01', 'invoice.png', await invoicePng(LINES));
    const task = expectOk(await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId }));
    expect(task.engine).toBe('tesseract');
    expect(task.resultJson.fields).toMatchObject({
      invoiceNumber: '26320000009876',
      amountIncl: '958.58',
      taxAmount: '110.28',
    });
    expect(task.verifyStatus).toBe('VERIFIED');
  }, 60000);

  it('a broken image answers a clear message in both languages, without the engine command or a server path', async (ctx) => {
    if (imageMissing) {
      ctx.skip(`image OCR not tested: ${imageMissing}`);
      return;
    }
    const id = await confirmed();
    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('not the rest of a PNG')]);
    const attachmentId = await uploaded('supplier01', 'invoice.png', broken);
    const internals = /tesseract|meridian-ocr|\/tmp|Command failed|stdout/i;
    const en = await act('supplier01', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId });
    expect(expectOk(en).taskStatus).toBe('MANUAL');
    expect(en.body.msg).toBe(
      'The invoice could not be read; enter it by hand: The image could not be read (it may be damaged or not an invoice image): check the file or enter the invoice by hand',
    );
    const menu = await menuId(p.server, MENU.supplier01);
    const cnHeaders = { ...sessionHeaders(p.sessions.supplier01, RESP.supplier01, menu), language: 'CN' };
    const cn = await p.server.call('srmServer', OCR, 'invoiceOcr', { accountCheckId: id, attachmentId }, cnHeaders);
    expect(cn.body.msg).toMatch(/^未能识别发票，请手工录入: 无法识别该图片/);
    for (const answer of [en, cn]) {
      expect(answer.body.msg).not.toMatch(internals);
      expect(answer.body.data.message).toMatch(/^无法识别该图片.* \/ The image could not be read/);
      expect(answer.body.data.message).not.toMatch(internals);
    }
  }, 60000);
});
