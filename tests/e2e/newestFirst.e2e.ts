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

test('the home reads its to-dos again when its tab is shown again', async ({ page }) => {
  test.setTimeout(90_000);
  const answer = page.waitForResponse(
    (r) => isPendingTodos(r.url()) && r.request().postData()?.includes('"N"') === true,
  );
  await signIn(page, 'buyer01');
  const todos = ((await (await answer).json()).data ?? []) as Todo[];
  // One handled on opening (todoHandledOnOpen), finished here behind the home's back.
  const item = todos.find((todo) => todo.billType === 'BIDDING_BARGAINING')!;
  await expect(todoRows(page).filter({ hasText: item.pendingTitle })).toHaveCount(1);
  await openMenu(page, '采购管理', '采购申请');
  await settled(page, { shownTab: true });
  const handled = await callAsSession(page, '/api/baseServer/v1/baseTodoRestful/doHandle', { id: item.todoId });
  expect(handled.status).toBe(200);
  await page
    .getByRole('tab', { name: '首页' })
    .or(page.locator('a[href="#/main"]', { hasText: '首页' }))
    .first()
    .click();
  await expect(page.getByTestId('internal-home')).toBeVisible();
  await expect(todoRows(page).filter({ hasText: item.pendingTitle })).toHaveCount(0);
});
