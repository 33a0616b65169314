/**
 * Numbers by field type (issue 33, item 8): a dialog or a report made by hand shows its numbers by
 * the same rule as the generated grids and forms (core/format formatFieldNumber) — a quantity, a
 * price, an index or a rate never shows the zeros its scale pads (10000.0000, 0.4000, 68000.000000).
 */
import { expect, test, type Locator } from '@playwright/test';
import { dataRows, fieldValue, openMenu, rowAction, settled, signIn } from './support';

/** The seeded delivery note that is shipped and waits for its receipt (seeds/demo/36c-delivery-notes.json). */
const SHIPPED_NOTE = 'DN202611219202';
const FIRST_OPEN = { timeout: 30_000 };
/** A decimal with the zeros of its scale padded: 8000.0000, 0.4000, 68000.000000. */
const PADDED = /^-?[\d,]+\.\d*0$/;

async function paddedNumbers(scope: Locator): Promise<string[]> {
  const texts = [
    ...(await scope.locator('td').allInnerTexts()),
    ...(await scope.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))),
  ];
  return texts.map((text) => text.trim()).filter((text) => PADDED.test(text));
}

test('numbers show by their field type in a hand-made dialog and report, no padded decimals', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'buyer01');
  // The receiving dialog: the shipped quantity and the quantities it starts from.
  await openMenu(page, '送货管理', '送货单收货');
  await settled(page, { shownTab: true });
  await page.getByRole('textbox', { name: '送货单号' }).fill(SHIPPED_NOTE);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const notes = page.locator('[data-tab-panel]:not([hidden]) table');
  const note = dataRows(notes).filter({ hasText: SHIPPED_NOTE });
  await expect(note).toHaveCount(1, FIRST_OPEN);
  await (await rowAction(note, '查看')).click();
  await expect(fieldValue(page, '送货单号')).toHaveText(SHIPPED_NOTE, FIRST_OPEN);
  await page.getByRole('button', { name: '按行收货', exact: true }).click();
  const receiving = page.getByRole('dialog', { name: '按行收货' });
  await expect(receiving.getByRole('textbox', { name: '实收数量 1', exact: true })).toHaveValue('8000');
  await expect(dataRows(receiving.getByRole('table')).first()).toContainText(/8,?000/);
  expect(await paddedNumbers(receiving)).toEqual([]);
  await receiving.getByRole('button', { name: /取\s*消/ }).click();

  // The price monitoring report: proportions (rates) and index prices.
  await openMenu(page, '调价管理', '调价监控报表');
  const report = page.locator('[data-tab-panel]:not([hidden]) table');
  await expect(dataRows(report).first()).toBeVisible(FIRST_OPEN);
  await expect(
    report
      .locator('td')
      .filter({ hasText: /^0\.4$/ })
      .first(),
  ).toBeVisible();
  expect(await paddedNumbers(report)).toEqual([]);
});
