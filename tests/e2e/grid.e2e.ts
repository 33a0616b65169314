/**
 * The data grid as a person uses it: a real line grid (the requisition edit page's lines) with
 * min / max / precision on its number columns, and the column settings of the requisition list —
 * hide and move a column, reload, and find the grid as it was left (tableConfigRestful).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRequisition, dataRows, lineGrid, openMenu, save, signIn, unique } from './support';

const headerTexts = async (table: Locator) =>
  (await table.getByRole('columnheader').allInnerTexts())
    .map((text) => text.replace(/^\s*\*\s*/, '').trim())
    .filter(Boolean);

/** The requisition list's table (the home tab, kept alive behind it, has tables of its own). */
const listTable = (page: Page) =>
  page.getByRole('table').filter({ visible: true, has: page.getByRole('columnheader', { name: '申请单号' }) });

async function openColumnSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '列设置' }).click();
  const settings = page.getByRole('group', { name: '列设置' });
  await expect(settings).toBeVisible();
  return settings;
}

test('a line grid keeps quantities within min and precision, and only the clicked row is editable', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await createRequisition(page, unique('E2E 表格行'));
  const { region, table, rows } = lineGrid(page);
  // Opened afresh (the save's own reload of the record is over): values only until a row is clicked.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(region.getByRole('spinbutton', { name: '需求数量' })).toHaveCount(0);
  await rows.first().getByRole('cell').nth(2).click();
  const quantity = rows.first().getByRole('spinbutton', { name: '需求数量' });
  await expect(quantity).toBeVisible();
  // precision 4: more decimals are rounded when the field is left.
  await quantity.fill('1234.567891');
  await quantity.blur();
  await expect(quantity).toHaveValue('1,234.5679');
  // min 0 on the unit price: a negative price is marked on its row and cannot be saved as it is.
  const price = rows.first().getByRole('spinbutton', { name: '预估单价' });
  await price.fill('-2');
  await price.blur();
  await expect(rows.first().getByRole('alert')).toContainText('不能小于 0');
  await price.fill('2');
  await price.blur();
  await expect(rows.first().getByRole('alert')).toHaveCount(0);
  await save(page);
  // The server computed the amount from the rounded quantity: 1234.5679 × 2.
  await expect(rows.first()).toContainText('2,469.14');
  // Opened again, no row is clicked yet: values only, the quantity with thousand separators.
  await page.reload();
  await expect(rows.first()).toContainText('1,234.5679');
  await expect(region.getByRole('spinbutton', { name: '需求数量' })).toHaveCount(0);
  await rows.first().getByRole('cell').nth(2).click();
  await expect(rows.first().getByRole('spinbutton', { name: '需求数量' })).toHaveValue('1,234.5679');
  await expect(table.getByRole('columnheader', { name: /需求数量/ }).locator('.meridian-required-mark')).toHaveText(
    '*',
  );
});

test('hide and move a list column in the column settings; after a reload the grid is as left', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '采购管理', '采购申请');
  const table = listTable(page);
  await expect(dataRows(table).first()).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '说明' })).toHaveCount(1);

  const settings = await openColumnSettings(page);
  await settings.getByRole('checkbox', { name: '说明' }).uncheck();
  await settings.getByRole('button', { name: '上移 状态' }).click();
  await expect(table.getByRole('columnheader', { name: '说明' })).toHaveCount(0);
  const moved = await headerTexts(table);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('navigation', { name: '菜单' })).toBeVisible();
  if (!(await page.getByRole('button', { name: '列设置' }).isVisible())) await openMenu(page, '采购管理', '采购申请');
  const reloaded = listTable(page);
  await expect(dataRows(reloaded).first()).toBeVisible();
  await expect.poll(() => headerTexts(reloaded)).toEqual(moved);
  expect(moved).not.toContain('说明');

  // Back to the page's own columns for whoever uses this account next.
  const again = await openColumnSettings(page);
  await again.getByRole('button', { name: '恢复默认' }).click();
  await expect(reloaded.getByRole('columnheader', { name: '说明' })).toHaveCount(1);
});
