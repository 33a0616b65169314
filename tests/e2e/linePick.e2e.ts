import { expect, test } from '@playwright/test';
import { choose, dataRows, fieldValue, openMenu, save, signIn, typeDate } from './support';

/**
 * The line pick (docs/developer-guide.md "Adding lines from another document") on the buyer's
 * statement: 对账明细 → 从收货事务添加 names the header values still missing (company and currency come
 * defaulted), then lists supplier01's
 * unchecked demo receipts of November 2026 (RCV202611169301 9,980 screws, RCV202611169302 2,000
 * nuts); one is added as a line and the save prices it from the receipt: 848.30 + 110.28 = 958.58.
 */
test('a buyer adds a statement line from an unchecked receipt', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'buyer01');
  await openMenu(page, '对账管理', '采购方对账');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible({ timeout: 30_000 });

  const lines = page.getByRole('region', { name: '对账明细' });
  const pickButton = lines.getByRole('button', { name: '从收货事务添加' });
  await pickButton.click();
  const picker = page.getByTestId('line-pick-srmPurReceiptTransaction');
  await expect(picker).toContainText('请先填写：供应商、对账区间从、对账区间至');
  await page
    .getByRole('button', { name: 'Close' })
    .or(page.getByRole('button', { name: '取 消' }))
    .first()
    .click();
  await expect(picker).toBeHidden();

  await choose(page.getByRole('combobox', { name: '对账类型' }), '生产性对账');
  await choose(page.getByRole('combobox', { name: '供应商' }), '苏州恒达精密五金有限公司', '恒达');
  await choose(page.getByRole('combobox', { name: '公司' }), '子午线电子(苏州)有限公司', '子午线电子');
  await choose(page.getByRole('combobox', { name: '币种' }), '人民币');
  await typeDate(page.getByRole('textbox', { name: '对账区间从' }), '2026-11-01');
  await typeDate(page.getByRole('textbox', { name: '对账区间至' }), '2026-11-30');

  await pickButton.click();
  await expect(picker.getByRole('checkbox', { name: '选择 RCV202611169302' })).toBeVisible();
  await picker.getByRole('checkbox', { name: '选择 RCV202611169301' }).check();
  await page.getByRole('button', { name: '添加所选（1）' }).click();
  await expect(picker).toBeHidden();
  const rows = dataRows(lines.getByRole('table'));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('RCV202611169301');

  await save(page);
  await expect(fieldValue(page, '不含税金额')).toHaveText('848.30');
  await expect(fieldValue(page, '税额')).toHaveText('110.28');
  await expect(fieldValue(page, '对账总额(含税)')).toHaveText('958.58');
  // The receipt is on this statement now: the picker no longer offers it.
  await pickButton.click();
  await expect(picker.getByRole('checkbox', { name: '选择 RCV202611169302' })).toBeVisible();
  await expect(picker.getByRole('checkbox', { name: '选择 RCV202611169301' })).toHaveCount(0);
});
