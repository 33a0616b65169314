/**
 * Generated pages never show a stored value where people read a label (issue 33, items 5 and 6),
 * one test per rule:
 * - a list never draws a coded cell before its value sets' labels are known (the value sets are
 *   answered late here, as on a slow first opening), and a source document type stored as a code
 *   shows its label (手工加减分);
 * - a reference set without its label (a delivery note's company and plant, copied from the
 *   picked delivery notice) shows the referenced record's name at once, not its id, before any save.
 * Each watches the screen with a MutationObserver from before the screen opens, so a raw value
 * shown for a moment counts as much as one that stays.
 */
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { choose, dataRows, expectCells, formItem, openMenu, signIn } from './support';

const FIRST_OPEN = { timeout: 30_000 };

/**
 * In the page: from now on, remembers every text the elements matching `selector` show that
 * matches `raw` (a regular expression's source), until read with seenRaw.
 */
async function watchForRaw(page: Page, selector: string, raw: string): Promise<void> {
  await page.evaluate(
    ({ selector, raw }) => {
      const pattern = new RegExp(raw);
      const seen = new Set<string>();
      (window as unknown as { __seenRaw: Set<string> }).__seenRaw = seen;
      const look = () => {
        for (const element of document.querySelectorAll<HTMLElement>(selector)) {
          const text = element.innerText.trim();
          if (pattern.test(text)) seen.add(text);
        }
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { selector, raw },
  );
}

async function seenRaw(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __seenRaw: Set<string> }).__seenRaw]);
}

test('a list shows no status or type code, not even before its labels arrive', async ({ page }) => {
  await signIn(page, 'buyer01', FIRST_OPEN);
  // The value sets answer 1.5 s after the rows: before the fix the cells showed their codes meanwhile.
  await page.route('**/baseLookupValuesRestful/findDic', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  // The codes of 手工加减分's status, score type and source document type columns (demo rows hold each).
  await watchForRaw(page, '.ant-table-tbody td', '^(NEW|VALID|INVALID|BONUS|DEDUCTION|DELIVERY_NOTE|PO)$');
  const menu = page.getByRole('navigation');
  await menu.getByRole('menuitem', { name: '绩效管理', exact: true }).click();
  await openMenu(page, '绩效调整', '手工加减分');
  const table = page.getByRole('main').getByRole('table').filter({ visible: true }).first();
  // The demo rows (51a-spe-manual-scores.json) by their source document numbers.
  const delivered = dataRows(table).filter({ hasText: 'DN202611200003' });
  await expect(delivered).toHaveCount(1, FIRST_OPEN);
  await expectCells(table, delivered, { 来源单据类型: '送货单', 加减分类型: '扣分' });
  await expectCells(table, dataRows(table).filter({ hasText: 'PO202611210001' }), { 来源单据类型: '采购订单' });
  expect(await seenRaw(page), 'codes shown in the list').toEqual([]);
});

test('a reference set without its label shows the record, not its id, before the record is saved', async ({ page }) => {
  await signIn(page, 'supplier01', FIRST_OPEN);
  await openMenu(page, '送货协同', '送货单');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible(FIRST_OPEN);
  // Picking the notice copies its company and plant ids (reference.copyFields), without their names.
  await watchForRaw(page, '.ant-formily-item .ant-select-selection-item', '^\\d+$');
  // A demo notice of supplier01 that no test ships (36b-delivery-notices.json): nothing is saved here.
  await choose(page.getByRole('combobox', { name: '送货通知' }), 'DNT202611209101', 'DNT202611209101');
  await expect(formItem(page, '公司').locator('.ant-select-selection-item')).toHaveText(/\p{Script=Han}/u);
  await expect(formItem(page, '收货工厂').locator('.ant-select-selection-item')).toHaveText(/\p{Script=Han}/u);
  expect(await seenRaw(page), 'ids shown in reference fields').toEqual([]);
});
