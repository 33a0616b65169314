/**
 * Shell basics: the CN/EN toggle (remembered), the not-found page, the grid's page sizes, a
 * required line field blocking the save, and hostile text in a search box.
 */
import { expect, test } from '@playwright/test';
import {
  addLine,
  cellUnder,
  choose,
  clickExpectingToast,
  dataRows,
  dropdownOf,
  expectCells,
  fillRequisitionHeader,
  HARDWARE,
  lineGrid,
  openMenu,
  signIn,
  unique,
} from './support';

// The app is served with a Content-Security-Policy (no inline script; docs/decisions.md, issue 13):
// every test here fails on a violation the browser reports.
const violations = new WeakMap<object, string[]>();
test.beforeEach(async ({ page }) => {
  const seen: string[] = [];
  violations.set(page, seen);
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      seen.push(message.text());
  });
});
test.afterEach(async ({ page }) => {
  expect(violations.get(page) ?? []).toEqual([]);
});

test('the app is served with its Content-Security-Policy and frame headers', async ({ page }) => {
  const answer = await page.goto('/');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  await signIn(page);
  await expect(page.getByText('欢迎使用 Meridian SRM', { exact: true })).toBeVisible();
});

test('the language toggle switches to English and back, and is remembered', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('欢迎使用 Meridian SRM', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'English', exact: true }).click();

  await expect(page.getByText('Welcome to Meridian SRM', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('menuitem', { name: 'Purchasing' }),
  ).toBeVisible();
  await openMenu(page, 'Purchasing', 'Purchase requisitions');
  const table = page.getByRole('table');
  await expect(page.getByRole('textbox', { name: 'Requisition no.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Status', exact: true })).toBeVisible();
  const seeded = dataRows(table).filter({ hasText: 'PR202611010001' });
  await expectCells(table, seeded, { Status: 'Draft', Type: 'Production', Currency: 'Chinese yuan', Urgent: 'No' });
  await expect(page.getByText(/^\d+ in total$/)).toBeVisible();

  // Remembered: a reload keeps English.
  await page.reload();
  await expect(page.getByRole('button', { name: 'New', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '中文', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('meridian.language'))).toBe('EN');

  // And back to Chinese, remembered as well.
  await page.getByRole('button', { name: '中文', exact: true }).click();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '申请单号' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '采购管理' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English', exact: true })).toBeVisible();
});

test('unknown routes show the not-found page, with a way home', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/no-such-route');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/main$/);
  await expect(page.getByText('欢迎使用 Meridian SRM', { exact: true })).toBeVisible();

  // A path under the shell that no page metadata knows: not found, with the menu still there.
  await page.goto('/#/main/no/such/page');
  // Inside the shell the page also names its tab and breadcrumb 页面不存在: check its own text.
  await expect(page.getByText('您访问的页面不存在或尚未配置。', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: '菜单' }).getByRole('menuitem', { name: '采购管理' }),
  ).toBeVisible();
});

test('the list offers page sizes 20, 50, 100, 200 and 500', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '采购管理', '采购申请');
  const table = page.getByRole('table');
  await expect(dataRows(table).filter({ hasText: 'PR202611010001' })).toHaveCount(1);
  const pageSize = page.getByRole('combobox', { name: '页码' });
  await pageSize.click({ force: true });
  const dropdown = await dropdownOf(pageSize);
  const offered = await dropdown.getByRole('option').allInnerTexts();
  expect(offered.map((text) => text.trim())).toEqual(['20 条/页', '50 条/页', '100 条/页', '200 条/页', '500 条/页']);
  await pageSize.press('Escape');
  const sizeChanger = page.getByRole('listitem').filter({ has: pageSize });

  // The chosen size is what the grid asks the server for (watched, not altered).
  for (const size of ['50', '500']) {
    const listCall = page.waitForRequest((request) =>
      request.url().includes('srmPurRequisitionHeaderRestful/listByPage'),
    );
    await choose(pageSize, `${size} 条/页`);
    expect((await listCall).postDataJSON()).toMatchObject({ pageIndex: 1, pageRows: Number(size) });
    await expect(sizeChanger).toMatchAriaSnapshot(`
      - listitem:
        - combobox "页码"
        - text: ${size} 条/页
    `);
    await expect(dataRows(table).filter({ hasText: 'PR202611010001' })).toHaveCount(1);
  }
});

test('a required line field left empty blocks saving with a message on the field', async ({ page }) => {
  test.slow(); // a long flow of a person's clicks, each waiting for the server
  const description = unique('E2E 缺少品类');
  await signIn(page);
  await openMenu(page, '采购管理', '采购申请');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await fillRequisitionHeader(page, { description });
  // Everything but the purchase category, which the line grid marks required (and no item: its
  // pick would fill the category from the item, picks.e2e.ts).
  await addLine(page, { uom: '个', quantity: '10', price: '1.5', needBy: '2026-12-01' });
  const lines = lineGrid(page);
  await expect(lines.table.getByRole('columnheader', { name: '采购品类' })).toContainText('*');

  // The message names the line, the field and the rule.
  await clickExpectingToast(
    page.getByRole('button', { name: '保存', exact: true }),
    '请检查标红的字段：第 1 行「采购品类」必填',
  );
  const category = await cellUnder(lines.table, lines.rows.first(), '采购品类');
  await expect(category.getByRole('alert')).toHaveText('必填');
  await expect(await cellUnder(lines.table, lines.rows.first(), '需求数量')).not.toContainText('必填');
  await expect(page).not.toHaveURL(/[?&]id=/);

  // Filling it clears the message and the save goes through.
  await choose(lines.rows.first().getByRole('combobox', { name: '采购品类' }), HARDWARE.name, HARDWARE.search);
  await expect(category.getByRole('alert')).toHaveCount(0);
  await clickExpectingToast(page.getByRole('button', { name: '保存', exact: true }), '保存成功');
  await expect(page).toHaveURL(/[?&]id=\d+/);
});

test('SQL-looking search text finds nothing and the list keeps working', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '采购管理', '采购申请');
  const table = page.getByRole('table');
  const numberBox = page.getByRole('textbox', { name: '申请单号' });
  await expect(dataRows(table).filter({ hasText: 'PR202611010001' })).toHaveCount(1);

  for (const hostile of [
    "' OR '1'='1",
    "PR2026%' OR 1=1 --",
    "'; DROP TABLE srm_pur_requisition_header; --",
    '%',
    '_',
  ]) {
    await numberBox.fill(hostile);
    // Each search's own answer is awaited (watched, not altered) before reading the grid.
    const answer = page.waitForResponse((response) =>
      response.url().includes('srmPurRequisitionHeaderRestful/listByPage'),
    );
    await page.getByRole('button', { name: '查询' }).click();
    expect(await (await answer).json(), hostile).toMatchObject({ code: 'S', data: [], page: { count: 0 } });
    await expect(table.getByText('暂无数据', { exact: true }).filter({ visible: true }), hostile).toBeVisible();
    await expect(dataRows(table), hostile).toHaveCount(0);
  }

  // Still working: reset shows everything again and a real number is found.
  await page.getByRole('button', { name: '重置' }).click();
  await expect(numberBox).toHaveValue('');
  await expect(dataRows(table).filter({ hasText: 'PR202611050002' })).toHaveCount(1);
  // buyer01 is permitted for 苏州一厂 only: the requisition for 苏州二厂 is not his to see.
  await expect(dataRows(table).filter({ hasText: 'PR202611100003' })).toHaveCount(0);
  await numberBox.fill('PR202611010001');
  await numberBox.press('Enter');
  await expect(dataRows(table)).toHaveCount(1);
  await expect(dataRows(table).first()).toContainText('PR202611010001');
});
