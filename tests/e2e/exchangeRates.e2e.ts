/**
 * Exchange rates (a list edited in a modal): the seeded rates, field validation in the modal,
 * creating a rate and deleting it again after a confirmation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  choose,
  clickExpectingToast,
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
