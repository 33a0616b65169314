/**
 * Forecast collaboration (DOMAIN.md §5.8) as the people do it, through the menus, in Chinese:
 * buyer01 publishes the demo DRAFT forecast FC202611265602 (supplier01, 3 monthly lines of
 * 80,000 / 80,000 / 90,000) from 计划与库存 → 采购预测; supplier01 opens it from 预测与库存 →
 * 采购预测反馈 → 填写反馈, enters committed quantities, saves and submits the response; buyer01
 * opens it again and sees the status 已反馈 and the gaps the server computed (0 / 5,000 / 10,000).
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import { dataRows, openMenu, revealInGrid, rowAction, runConfirmed, save, signIn as signInTab } from './support';

const NUMBER = 'FC202611265602';
const FIRST_OPEN = { timeout: 30_000 };

async function signIn(browser: Browser, user: string): Promise<Page> {
  const { baseURL, locale, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, locale, viewport })).newPage();
  await signInTab(page, user, FIRST_OPEN);
  return page;
}

/** The row of the forecast in the visible list. */
function listRow(page: Page): Locator {
  const table = page.getByRole('main').getByRole('table').filter({ visible: true }).first();
  return dataRows(table).filter({ hasText: NUMBER });
}

function lineRows(page: Page): Locator {
  return dataRows(page.getByRole('region', { name: /预测明细/ }).getByRole('table'));
}

test('buyer publishes a forecast, the supplier commits quantities, the buyer sees the gap', async ({ browser }) => {
  const buyer = await signIn(browser, 'buyer01');
  await openMenu(buyer, '计划与库存', '采购预测');
  await expect(listRow(buyer)).toHaveCount(1, FIRST_OPEN);
  await expect(listRow(buyer)).toContainText('草稿');
  await runConfirmed(buyer, '发布', listRow(buyer));
  await expect(listRow(buyer)).toContainText('已发布');

  const supplier = await signIn(browser, 'supplier01');
  await openMenu(supplier, '预测与库存', '采购预测反馈');
  await expect(listRow(supplier)).toHaveCount(1, FIRST_OPEN);
  await (await rowAction(listRow(supplier), '填写反馈')).click();
  const rows = lineRows(supplier);
  await expect(rows).toHaveCount(3, FIRST_OPEN);
  for (const [i, committed] of ['80000', '75000', '80000'].entries()) {
    await rows.nth(i).getByRole('cell').nth(2).click();
    const input = rows.nth(i).getByRole('spinbutton', { name: '供应商承诺数量' });
    await revealInGrid(input);
    await input.fill(committed);
    await input.blur();
  }
  await save(supplier);
  await runConfirmed(supplier, '提交反馈');
  await expect(supplier.getByText('已反馈').filter({ visible: true }).first()).toBeVisible();
  await expect(lineRows(supplier).nth(2)).toContainText('10,000');

  await buyer.reload();
  await openMenu(buyer, '计划与库存', '采购预测');
  await expect(listRow(buyer)).toContainText('已反馈', FIRST_OPEN);
  await (await rowAction(listRow(buyer), '查看')).click();
  const gaps = lineRows(buyer);
  await expect(gaps).toHaveCount(3, FIRST_OPEN);
  await expect(gaps.nth(1)).toContainText('5,000');
  await expect(gaps.nth(2)).toContainText('10,000');
});
