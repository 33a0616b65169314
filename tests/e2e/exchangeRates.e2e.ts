/**
 * Exchange rates (a list edited in a modal): the seeded rates, field validation in the modal,
 * creating a rate and deleting it again after a confirmation; and how lists kept alive in their
 * shell tabs read through the runtime's query cache (docs/decisions.md "A query layer in the runtime").
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as ExcelJS from 'exceljs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  cellUnder,
  choose,
  clickExpectingToast,
  createRequisition,
  dataRows,
  expectCells,
  fieldMessage,
  fieldValue,
  openMenu,
  save,
  signIn,
  typeDate,
  rowAction,
  rowActionNames,
  unique,
} from './support';

/** A rate date no other test uses (the unique key is currency pair, type and date). */
function unusedRateDate(): string {
  const day = Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 3650) * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

/** A rate with 8 decimals that identifies the new row in the list (its last digit is not 0: the list drops padded zeros). */
function unusedRate(): string {
  return `${1 + Math.floor(Math.random() * 8)}.${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${1 + Math.floor(Math.random() * 9)}`;
}

/** The row whose rate cell reads exactly `rate` (rates show without padded zeros: 7.12, not 7.12000000). */
function rateRow(table: Locator, rate: string): Locator {
  return dataRows(table).filter({ has: table.page().getByRole('cell', { name: rate, exact: true }) });
}

async function openExchangeRates(page: Page) {
  await signIn(page, 'admin');
  await openMenu(page, '基础数据', '汇率管理');
  await expect(page).toHaveURL(/#\/main\/exchangeRateManagement/);
  return page.getByRole('table');
}

test('the exchange-rate list shows the seeded rates and only new ones can be changed', async ({ page }) => {
  const table = await openExchangeRates(page);
  const usdValid = rateRow(table, '7.12');
  await expect(usdValid).toHaveCount(1);
  await expectCells(table, usdValid, {
    原币: '美元',
    目标币: '人民币',
    汇率类型: '公司汇率',
    汇率日期: '2026-11-01',
    状态: '有效',
  });
  expect(await rowActionNames(usdValid)).toEqual(['失效']);

  const eurNew = rateRow(table, '7.78');
  await expectCells(table, eurNew, { 原币: '欧元', 汇率日期: '2026-12-01', 状态: '新建' });
  expect(await rowActionNames(eurNew)).toEqual(expect.arrayContaining(['编辑', '删除']));

  const yenSpot = rateRow(table, '0.0478');
  await expectCells(table, yenSpot, { 原币: '日元', 状态: '有效' });
});

test('a new rate is validated, saved, listed and deleted after confirmation', async ({ page }) => {
  test.slow(); // a long flow of a person's clicks, each waiting for the server
  const table = await openExchangeRates(page);
  const rate = unusedRate();
  const rateDate = unusedRateDate();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新建汇率' });
  await expect(dialog).toBeVisible();
  await expect(fieldValue(dialog, '状态')).toHaveText('新建'); // the status a new rate starts in

  // Nothing filled: every required field says so (the message names the first ones) and nothing is saved.
  await clickExpectingToast(
    dialog.getByRole('button', { name: '保存', exact: true }),
    /^请检查标红的字段：「原币」必填；/,
  );
  for (const label of ['原币', '目标币', '汇率类型', '汇率', '汇率日期']) {
    await expect(fieldMessage(dialog, label), label).toHaveText('必填');
  }
  await expect(fieldMessage(dialog, '生效日期')).toHaveCount(0);

  await choose(dialog.getByRole('combobox', { name: '原币' }), '英镑');
  await choose(dialog.getByRole('combobox', { name: '目标币' }), '人民币');
  await choose(dialog.getByRole('combobox', { name: '汇率类型' }), '即期');
  await typeDate(dialog.getByRole('textbox', { name: '汇率日期' }), rateDate);
  for (const label of ['原币', '目标币', '汇率类型', '汇率日期'])
    await expect(fieldMessage(dialog, label), label).toHaveCount(0);

  // A malformed rate (not a non-negative decimal) is refused on the field.
  const rateInput = dialog.getByRole('spinbutton', { name: '汇率' });
  await rateInput.fill('-1');
  await rateInput.blur();
  await expect(fieldMessage(dialog, '汇率')).toContainText('请输入数字');
  await clickExpectingToast(
    dialog.getByRole('button', { name: '保存', exact: true }),
    '请检查标红的字段：「汇率」请输入数字',
  );
  await expect(dialog).toBeVisible();

  // Emptied again: required.
  await rateInput.fill('');
  await rateInput.blur();
  await expect(fieldMessage(dialog, '汇率')).toHaveText('必填');

  await rateInput.fill(rate);
  await rateInput.blur();
  await expect(fieldMessage(dialog, '汇率')).toHaveCount(0);
  await save(dialog);
  await expect(dialog).toBeHidden();

  const row = dataRows(table).filter({ hasText: rate });
  await expect(row).toHaveCount(1);
  await expectCells(table, row, {
    原币: '英镑',
    目标币: '人民币',
    汇率类型: '即期',
    汇率: rate,
    汇率日期: rateDate,
    状态: '新建',
  });

  // Delete: cancelling the confirmation keeps the rate, confirming removes it.
  await (await rowAction(row, '删除')).click();
  let confirm = page.getByRole('dialog').filter({ hasText: '确定删除该汇率吗？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);

  await (await rowAction(row, '删除')).click();
  confirm = page.getByRole('dialog').filter({ hasText: '确定删除该汇率吗？' });
  await clickExpectingToast(confirm.getByRole('button', { name: '确定' }), '删除成功');
  await expect(row).toHaveCount(0);
  // Gone from the server too, not only from the grid: a fresh list does not have it.
  await page.reload();
  await expect(rateRow(table, '7.12')).toHaveCount(1);
  await expect(dataRows(table).filter({ hasText: rate })).toHaveCount(0);
});

/** The shell tab whose title is exactly `title`. */
function shellTab(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: '已打开的页面' })
    .getByRole('tab')
    .filter({ hasText: new RegExp(`^${title}$`) });
}

/** Holds back the answers of list calls to `path` for `ms`, so the screen can be seen while one is on its way. */
async function slowLists(page: Page, pathPart: string, ms: number): Promise<() => Promise<void>> {
  const pattern = `**/${pathPart}/listByPage`;
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    // A newer call may have cancelled this one meanwhile: then there is nothing left to answer.
    await route.continue().catch(() => undefined);
  });
  return () => page.unroute(pattern);
}

test('lists kept alive in their tabs show their rows at once, follow saves made in another tab, and leave an emptied last page', async ({
  page,
}) => {
  test.slow(); // creates a requisition and imports rates, each waiting for the server
  await signIn(page, 'buyer01');
  // The requisition list in one tab, the new requisition's edit page in a second one.
  const description = unique('E2E 标签页缓存');
  const number = await createRequisition(page, description);
  const listTab = shellTab(page, '采购申请');
  await listTab.click();
  const table = page.getByRole('table');
  const row = dataRows(table).filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expectCells(table, row, { 说明: description });

  // The record in the second tab: saved there, the list (hidden, kept alive) refetches it at once.
  await (await rowAction(row, '编辑')).click();
  await expect(shellTab(page, '采购申请维护').and(page.locator('[aria-selected="true"]'))).toHaveCount(1);
  await expect(fieldValue(page, '申请单号')).toHaveText(number);
  const changed = `${description} 改`;
  await page.getByRole('textbox', { name: '说明' }).fill(changed);
  const listRefetched = page.waitForResponse(
    (response) => response.url().endsWith('/srmPurRequisitionHeaderRestful/listByPage'),
    { timeout: 20_000 },
  );
  await save(page);
  await listRefetched;

  // Back to the list: its rows are there at once — no spinner while it checks them again (the
  // check is held back for 10 s here, so rows seen within 5 s came from the kept list, even on a
  // loaded machine), and the row already shows the save.
  const restore = await slowLists(page, 'srmPurRequisitionHeaderRestful', 10_000);
  await listTab.click();
  await expect(row).toBeVisible({ timeout: 5_000 });
  await page.waitForTimeout(300); // a spinner, if any, shows by now; the held-back answer has not come
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning:visible')).toHaveCount(0, { timeout: 1 });
  await expect(await cellUnder(table, row, '说明')).toHaveText(changed, { timeout: 5_000 });
  await restore();

  // Exchange rates, as admin (who may delete them): make the list's last page hold exactly one row,
  // one of ours (the earliest rate date, so the last under rateDate desc), then delete it there.
  await signIn(page, 'admin');
  await openMenu(page, '基础数据', '汇率管理');
  const rates = page.getByRole('table');
  await expect(dataRows(rates).first()).toBeVisible({ timeout: 30_000 });
  const totalText = page.locator('.ant-pagination-total-text:visible');
  const total = async () => Number((await totalText.innerText()).replace(/\D/g, ''));
  const before = await total();
  const imported = (((1 - before) % 20) + 20) % 20 || 20;
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入 Excel' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载导入模板' }).click();
  const templateFile = path.join(os.tmpdir(), `e2e-template-${Date.now()}.xlsx`);
  await (await downloading).saveAs(templateFile);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templateFile);
  // Rate dates in a year of the last century no other test uses (the unique key is pair, type and date).
  const year = Date.UTC(1900 + Math.floor(Math.random() * 90), 0, 1);
  for (let i = 0; i < imported; i += 1) {
    workbook.worksheets[0].addRow([
      '美元',
      '人民币',
      '即期',
      Number(`2.${i + 10}00001`),
      new Date(year + i * 86_400_000),
    ]);
  }
  const importFile = path.join(os.tmpdir(), `e2e-last-page-${Date.now()}.xlsx`);
  await workbook.xlsx.writeFile(importFile);
  await dialog.locator('input[type=file]').setInputFiles(importFile);
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByText(`已导入 ${imported} 行`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(total).toBe(before + imported);

  const last = Math.ceil((before + imported) / 20);
  await page.locator(`.ant-pagination-item-${last}:visible`).click();
  await expect(dataRows(rates)).toHaveCount(1);
  const earliest = new Date(year).toISOString().slice(0, 10);
  await expectCells(rates, dataRows(rates).first(), { 汇率日期: earliest, 状态: '新建' });
  await (await rowAction(dataRows(rates).first(), '删除')).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定删除该汇率吗？' });
  await clickExpectingToast(confirm.getByRole('button', { name: '确定' }), '删除成功');
  // The emptied page gives way to the page before, with its rows — not "no data" under a total of twenty.
  await expect(page.locator('.ant-pagination-item-active:visible')).toHaveText(String(last - 1));
  await expect(dataRows(rates)).toHaveCount(20);
  await expect.poll(total).toBe(before + imported - 1);
  await expect(dataRows(rates).filter({ hasText: earliest })).toHaveCount(0);
});
