/**
 * Issue 33, item 12: a pick copies the fields its reference declares (reference.copyFields), also
 * on a line, and a reference picker finds a record by its code as well as by its name. Shown on a
 * requisition line's item; nothing is saved, so no seeded row is consumed.
 */
import { expect, test } from '@playwright/test';
import { dropdownOf, lineGrid, openMenu, revealInGrid, SCREW, signIn } from './support';

test('picking an item by its code on a requisition line fills its code, name, category and unit', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '采购管理', '采购申请');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const { region, rows } = lineGrid(page);
  await region.getByRole('button', { name: '新增行' }).click();
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  // The screw's item code, not a word of its name: the picker searches code and name.
  const item = row.getByRole('combobox', { name: '物料' });
  await revealInGrid(item);
  await item.click({ force: true });
  await item.fill('1001000012');
  const options = (await dropdownOf(item)).locator('.ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options).toHaveAttribute('title', SCREW.name);
  await options.click();
  await expect(row.getByRole('textbox', { name: '物料编码' })).toHaveValue('1001000012');
  await expect(row.getByRole('textbox', { name: '物料名称' })).toHaveValue(SCREW.name);
  // Copied references and lookups show their labels, never the bare id or code.
  const shownIn = (name: string) =>
    row.locator('.ant-select', { has: page.getByRole('combobox', { name, exact: true }) });
  await expect(shownIn('采购品类')).toHaveText('五金件');
  await expect(shownIn('单位')).toHaveText('个');
});
