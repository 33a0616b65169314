/**
 * The statement's file buttons (docs/developer-guide.md "File actions on pages"; DOMAIN.md §15 Flow 2
 * steps 11–12) in the browser, in Chinese, on the seeded November statement AC202611010001 (DRAFT,
 * 848.30 + 110.28 tax = 958.58): buyer01 releases it; supplier01 opens it, confirms it, imports an
 * invoice-list row from an .xlsx, downloads the invoice list (with that row) and the print, uploads the invoice PDF — the recognition fills a VERIFIED invoice
 * row on the 发票 tab — and submits the invoices.
 */
import * as ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { invoicePdf } from '../../server/src/srm/reconciliation/invoiceOcr/invoiceFixtures';
import { dataRows, DEMO_PASSWORD, expectCells, openMenu, rowAction, runConfirmed, toast } from './support';

const STATEMENT = 'AC202611010001';
const FIRST_OPEN = { timeout: 30_000 };

/** The invoice as its PDF's text layer says it (what the recognition reads). */
function invoiceLines(amountExcl: string, tax: string, total: string): string[] {
  return [
    'Invoice Code: 032002600111',
    'Invoice No.: 26320000009876',
    'Invoice Date: 2026-11-25',
    'Seller Tax ID: 91320506MA1W8K3P2X',
    `Amount excl. tax: ${amountExcl}`,
    `Tax amount: ${tax}`,
    `Total incl. tax: ${total}`,
  ];
}

async function signIn(browser: Browser, user: 'buyer01' | 'supplier01'): Promise<Page> {
  const { baseURL, locale, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, locale, viewport, acceptDownloads: true })).newPage();
  await page.goto('/#/login');
  await page.getByLabel('用户名').fill(user);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '菜单' })).toBeVisible(FIRST_OPEN);
  return page;
}

const visibleTable = (page: Page) => page.getByRole('main').getByRole('table').filter({ visible: true }).first();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).filter({ visible: true });

/** Presses a download button and answers the saved file's name and bytes. */
async function download(page: Page, name: string): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button(page, name).click();
  const file = await started;
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** Presses an upload button and chooses the file in the dialog it opens. */
async function upload(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button(page, name).click();
  await (await chooser).setFiles(file);
}

/** The rows of a workbook's first sheet, cells from column A. */
async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
  return rows;
}

/** An .xlsx of one sheet with these rows. */
async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const first = book.addWorksheet('Sheet1');
  for (const row of rows) first.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function statusIs(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('main').getByText(text, { exact: true }).filter({ visible: true }).first()).toBeVisible(
    FIRST_OPEN,
  );
}

test('the statement: release, confirm, invoice-list import and export, print, invoice PDF recognised, submit', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const buyer = await signIn(browser, 'buyer01');
  await openMenu(buyer, '对账管理', '采购方对账');
  const buyerList = visibleTable(buyer);
  const buyerRow = dataRows(buyerList).filter({ hasText: STATEMENT });
  await expect(buyerRow).toHaveCount(1, FIRST_OPEN);
  await runConfirmed(buyer, '发布', buyerRow);
  await expectCells(buyerList, buyerRow, { 状态: '待供应商确认' });

  const supplier = await signIn(browser, 'supplier01');
  await openMenu(supplier, '对账协同', '生产性对账');
  const list = visibleTable(supplier);
  const row = dataRows(list).filter({ hasText: STATEMENT });
  await expect(row).toHaveCount(1, FIRST_OPEN);
  await (await rowAction(row, '查看')).click();
  await expect(supplier.getByRole('region', { name: '发票' })).toBeVisible(FIRST_OPEN);
  await expect(button(supplier, '确认')).toBeVisible(FIRST_OPEN);
  // Before it is confirmed there is no invoice upload.
  await expect(button(supplier, '上传发票')).toHaveCount(0);
  await runConfirmed(supplier, '确认');
  await statusIs(supplier, '供应商已确认');

  // Import an invoice-list row from an .xlsx (column titles as labels), then export the list: a real
  // .xlsx under the server's name, holding the imported row.
  const listRows = dataRows(supplier.getByRole('region', { name: '开票清单' }).getByRole('table'));
  const before = await listRows.count();
  await upload(supplier, '导入开票清单', {
    name: 'list.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheet([
      ['货物名称', '规格型号', '数量', '不含税单价', '税率', '不含税金额', '税额'],
      ['E2E 导入螺钉', 'M3×8', 100, 0.085, 0.13, 8.5, 1.11],
    ]),
  });
  await expect(toast(supplier, '已导入 1 行')).toBeVisible(FIRST_OPEN);
  await expect(listRows).toHaveCount(before + 1, FIRST_OPEN);
  await expect(listRows.filter({ hasText: 'E2E 导入螺钉' })).toHaveCount(1);
  const invoiceList = await download(supplier, '导出开票清单');
  expect(invoiceList.name).toBe(`开票清单 ${STATEMENT}.xlsx`);
  const exported = await sheetRows(invoiceList.bytes);
  expect(exported[0]).toEqual(expect.arrayContaining(['货物名称', '数量', '税额']));
  expect(exported.some((cells) => cells.includes('E2E 导入螺钉'))).toBe(true);
  const print = await download(supplier, '打印');
  expect(print.name).toBe(`${STATEMENT}.xlsx`);

  const invoices = supplier.getByRole('region', { name: '发票' }).getByRole('table');
  // The right invoice: 958.58 = 848.30 + 110.28, as the statement.
  await upload(supplier, '上传发票', {
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(invoiceLines('848.30', '110.28', '958.58')),
  });
  await expect(toast(supplier, '发票已识别，核验通过')).toBeVisible(FIRST_OPEN);
  await expect(dataRows(invoices)).toHaveCount(1, FIRST_OPEN);
  await expectCells(invoices, dataRows(invoices).first(), {
    发票号码: '26320000009876',
    开票日期: '2026-11-25',
    不含税金额: /848\.30/,
    税额: /110\.28/,
    价税合计: /958\.58/,
    查验状态: '查验一致',
  });

  await runConfirmed(supplier, '提交发票');
  await statusIs(supplier, '发票已提交');
  await expect(button(supplier, '上传发票')).toHaveCount(0);
});
