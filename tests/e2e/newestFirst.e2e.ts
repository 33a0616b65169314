/**
 * Order and freshness of lists (issue 33, items 9 and 10; docs/decisions.md "Issue 33: newest
 * first"): the home's to-dos and a list's default order are newest first, and the home reads its
 * to-dos again when its tab is shown again.
 */
import { expect, test, type Page } from '@playwright/test';
import { callAsSession, openMenu, settled, signIn } from './support';

const isPendingTodos = (url: string) => url.includes('/baseTodoRestful/findMyTodo');

/** Rows of the to-do table shown (the active tab's). */
const todoRows = (page: Page) =>
  page.getByTestId('home-todos').locator('.ant-tabs-tabpane-active tbody tr.ant-table-row');

interface Todo {
  todoId: number;
  pendingTitle: string;
  creationDate: string;
  billType: string;
}

test('the home to-dos open newest first, the newest in sight', async ({ page }) => {
  test.setTimeout(90_000);
  const answer = page.waitForResponse(
    (r) => isPendingTodos(r.url()) && r.request().postData()?.includes('"N"') === true,
  );
  await signIn(page, 'buyer01');
  const todos = ((await (await answer).json()).data ?? []) as Todo[];
  expect(todos.length).toBeGreaterThan(1);
  // The newest: the latest creation time, the higher key among rows of the same second.
  const newest = [...todos].sort((a, b) =>
    a.creationDate === b.creationDate ? b.todoId - a.todoId : a.creationDate < b.creationDate ? 1 : -1,
  )[0];
  await expect(todoRows(page).first()).toContainText(newest.pendingTitle);
  await expect(todoRows(page).first()).toBeInViewport();
});

test('a list with no order asked opens newest first (purchase orders by order date, then number)', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'buyer01');
  await openMenu(page, '订单管理', '采购订单');
  await settled(page, { shownTab: true });
  const numbers = (await page.locator('[data-tab-panel]:not([hidden]) tbody tr.ant-table-row td').allInnerTexts())
    .map((text) => text.match(/PO\d{12}/)?.[0])
    .filter((n): n is string => !!n);
  expect(numbers.length).toBeGreaterThan(3);
  expect(numbers).toEqual([...numbers].sort().reverse());
});

test('the home reads its to-dos again when its tab is shown again', async ({ browser }) => {
  test.setTimeout(120_000);
  // manager01's home is open; buyer01 submits a requisition behind its back (its own data, so the
  // test does not depend on a seeded to-do other tests may have finished).
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'manager01');
  await expect(manager.getByTestId('internal-home')).toBeVisible();
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, 'buyer01');
  await openMenu(buyer, '采购管理', '采购申请');
  await settled(buyer, { shownTab: true });
  const body = {
    requisitionType: 'PRODUCTION',
    orgId: 2,
    invOrgId: 5,
    deptId: 9,
    requesterId: 2,
    requisitionDate: '2026-11-22',
    currencyCode: 'CNY',
    urgentFlag: 'N',
    description: 'newest first',
    lines: [{ lineNum: 1, itemId: 1, categoryId: 2, uomCode: 'PCS', quantity: '5', needByDate: '2026-12-10' }],
  };
  const api = '/api/srmServer/v1/srmPurRequisitionHeaderRestful';
  const saved = await callAsSession(buyer, `${api}/saveOrUpdate`, body);
  expect(saved.status).toBe(200);
  expect((await callAsSession(buyer, `${api}/doSubmit`, { id: saved.data.requisitionHeaderId })).status).toBe(200);
  const number = String(saved.data.requisitionNumber);
  await expect(todoRows(manager).filter({ hasText: number })).toHaveCount(0);
  // Away from the home and back: the new to-do is there.
  await openMenu(manager, '审批中心', '我的待审批');
  await settled(manager, { shownTab: true });
  await manager
    .getByRole('tab', { name: '首页' })
    .or(manager.locator('a[href="#/main"]', { hasText: '首页' }))
    .first()
    .click();
  await expect(manager.getByTestId('internal-home')).toBeVisible();
  await expect(todoRows(manager).filter({ hasText: number })).toHaveCount(1);
});
