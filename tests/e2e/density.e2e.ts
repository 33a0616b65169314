/**
 * Issue 33, item 11: at 1024 px a list shows at least six data columns beside its row actions,
 * which are icons (named and with a tooltip) plus 更多, and a line grid shows its quantity and
 * price without scrolling sideways. Measured on the purchase order list and a requisition's lines;
 * nothing is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dataRows, lineGrid, openMenu, settled, signIn } from './support';

test.use({ viewport: { width: 1024, height: 768 } });

/** The header cells of `table` whose whole width is in view, between its scroller's left edge and its fixed right columns. */
async function headersInView(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const scroller = element.closest('.ant-table-content, .ant-table-body, .ant-table-container') ?? element;
    const box = scroller.getBoundingClientRect();
    const fixedRight = [...element.querySelectorAll('thead th.ant-table-cell-fix-right')].map(
      (th) => th.getBoundingClientRect().left,
    );
    const right = Math.min(box.right, window.innerWidth, ...fixedRight);
    const left = Math.max(box.left, 0);
    return [...element.querySelectorAll('thead th')]
      .filter(
        (th) =>
          !th.classList.contains('ant-table-cell-fix-right') && !th.classList.contains('ant-table-selection-column'),
      )
      .filter((th) => {
        const cell = th.getBoundingClientRect();
        return cell.width > 0 && cell.left >= left - 1 && cell.right <= right + 1;
      })
      .map((th) => (th.textContent ?? '').replace('*', '').trim());
  });
}

/** Opens the order list at 1280 px (the menu open), then narrows the window to 1024 px as a person would. */
async function orderList(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 768 });
  await openMenu(page, '订单管理', '采购订单');
  await page.setViewportSize({ width: 1024, height: 768 });
  await settled(page, { shownTab: true });
  return page.locator('[data-tab-panel]:not([hidden])').getByRole('table').first();
}

test('at 1024 px a list shows six data columns and its row actions as named icons plus 更多', async ({ page }) => {
  await signIn(page, 'buyer01');
  const table = await orderList(page);
  const row = dataRows(table).first();
  const view = row.getByRole('button', { name: '查看', exact: true });
  await expect(view).toBeVisible();
  // An icon, not a word: the name is for screen readers and the tooltip for the eye.
  await expect(view).toHaveText('');
  await view.hover();
  await expect(page.getByRole('tooltip', { name: '查看' })).toBeVisible();
  await expect(row.getByRole('button', { name: '更多' })).toBeVisible();
  const shown = (await headersInView(table)).filter((title) => title && title !== '序号');
  expect(shown.length, shown.join(' | ')).toBeGreaterThanOrEqual(6);
});

test('at 1024 px a line grid shows its quantity and price without scrolling sideways', async ({ page }) => {
  await signIn(page, 'buyer01');
  await page.setViewportSize({ width: 1280, height: 768 });
  await openMenu(page, '采购管理', '采购申请');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const { region, table, rows } = lineGrid(page);
  await region.getByRole('button', { name: '新增行' }).click();
  await expect(rows).toHaveCount(1);
  const shown = await headersInView(table);
  expect(shown, shown.join(' | ')).toEqual(expect.arrayContaining(['需求数量', '预估单价']));
});
