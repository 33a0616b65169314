/**
 * People by name (issue 33, item 7): a person field — a reference to a user — shows the person's
 * name in the user's language, not the login (buyer01): in lists and forms (the reference's label)
 * and in the header, for internal and supplier users alike; English falls back to the Chinese name.
 */
import { expect, test, type Page } from '@playwright/test';
import { dataRows, fieldValue, openMenu, rowAction, settled, signIn } from './support';

const FIRST_OPEN = { timeout: 30_000 };

/** The texts of one column of the shown list. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.locator('[data-tab-panel]:not([hidden]) table');
  await expect(dataRows(table).first()).toBeVisible(FIRST_OPEN);
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return (
    await dataRows(table)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((t) => t.trim());
}

test('a person field shows the person name in the user language, never the login', async ({ browser }) => {
  test.setTimeout(120_000);
  // Chinese: the requisitions' requester (seeded by buyer01, 王磊) in the list and on the form.
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, 'buyer01');
  await openMenu(buyer, '采购管理', '采购申请');
  await settled(buyer, { shownTab: true });
  const requesters = await columnTexts(buyer, '申请人');
  expect(requesters).toContain('王磊');
  expect(requesters).not.toContain('buyer01');
  const first = dataRows(buyer.locator('[data-tab-panel]:not([hidden]) table')).filter({ hasText: '王磊' }).first();
  await (await rowAction(first, '查看')).click();
  await expect(fieldValue(buyer, '申请人')).toHaveText('王磊', FIRST_OPEN);

  // English: the same list shows the English name; a supplier's header shows its user's English name.
  const english = await (await browser.newContext()).newPage();
  await signIn(english, 'buyer01', { language: 'EN' });
  await openMenu(english, 'Purchasing', 'Purchase requisitions');
  await settled(english, { shownTab: true });
  expect(await columnTexts(english, 'Requester')).toContain('Wang Lei');
  const supplier = await (await browser.newContext()).newPage();
  await signIn(supplier, 'supplier01', { language: 'EN' });
  await expect(supplier.getByRole('banner')).toContainText('Zhang Wei');
  await expect(supplier.getByRole('banner')).not.toContainText('张伟');
});
