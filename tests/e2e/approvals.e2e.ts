/**
 * The approval cycle end to end (issue 6): buyer01 creates and submits a requisition; manager01
 * finds it on 我的待审批 (and on the home's to-do list), opens it and approves with a comment;
 * buyer01 sees the status, the timeline and the notification. A rejected requisition (the reject
 * comment is required) is edited and submitted again.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  addLine,
  decide,
  fieldValue,
  fillRequisitionHeader,
  HARDWARE,
  openMenu,
  runConfirmed,
  save,
  SCREW,
  unique,
  signIn,
} from './support';

/** Each person signs in in a browser context of their own (the session lives in the tab). */
async function signedIn(browser: Browser, userName: 'buyer01' | 'manager01'): Promise<Page> {
  const { baseURL, locale, viewport } = test.info().project.use;
  const page = await (await browser.newContext({ baseURL, locale, viewport })).newPage();
  await signIn(page, userName, { timeout: 30_000 });
  // The sider is drawn once the responsibility's menus have loaded; the approvals directory is one of them.
  await expect(
    page.getByRole('navigation', { name: '菜单' }).getByRole('menuitem', { name: '审批中心', exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  return page;
}

/**
 * A one-line draft requisition, entered on its edit page opened by address: the only form open in
 * the buyer's tabs, so the form helpers find one field per label. Returns its number.
 */
async function createRequisition(page: Page, description: string): Promise<string> {
  await page.goto('/#/main/purRequisitionManage/purRequisitionEdit');
  await fillRequisitionHeader(page, { description });
  await addLine(page, {
    item: SCREW,
    category: HARDWARE,
    uom: '个',
    quantity: '100',
    price: '0.5',
    needBy: '2026-12-01',
  });
  await save(page);
  await expect(page).toHaveURL(/[?&]id=\d+/);
  await expect(fieldValue(page, '申请单号')).toHaveText(/^PR\d{12}$/);
  return (await fieldValue(page, '申请单号').innerText()).trim();
}

/** manager01 opens the requisition from 我的待审批. */
async function openFromUpcoming(page: Page, number: string): Promise<void> {
  await openMenu(page, '审批中心', '我的待审批');
  // Tabs stay mounted: the home's to-do list (hidden in its tab) shows the same title.
  await expect(page).toHaveURL(/#\/main\/myUpcoming/);
  await expect(page.getByRole('tab', { name: '我的待审批', selected: true })).toBeVisible();
  const item = shown(page, `采购申请 ${number} 待审批`);
  await expect(item).toHaveCount(1);
  await item.click();
  await expect(page).toHaveURL(/#\/main\/purRequisitionManage\/purRequisitionEdit\?id=\d+/);
  await expect(fieldValue(page, '申请单号')).toHaveText(number);
}

const timeline = (page: Page) => page.getByTestId('timeline-item').filter({ visible: true });
/** A text on the current tab (other tabs stay mounted, hidden). */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true });

test('submit, find on my to-dos, approve with a comment; the buyer sees status, timeline and notification', async ({
  browser,
}) => {
  test.slow();
  const buyer = await signedIn(browser, 'buyer01');
  const number = await createRequisition(buyer, unique('E2E 审批'));
  // A draft offers submit but neither approve nor withdraw (buttons follow the lifecycle and the grants).
  await expect(buyer.getByRole('button', { name: '撤回', exact: true })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: '审批通过', exact: true })).toHaveCount(0);
  await runConfirmed(buyer, '提交');
  await expect(fieldValue(buyer, '状态')).toHaveText('审批中');
  await expect(buyer.getByRole('button', { name: '撤回', exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: '提交', exact: true })).toHaveCount(0);

  const manager = await signedIn(browser, 'manager01');
  // The home's to-do list shows the same item.
  await expect(shown(manager, `采购申请 ${number} 待审批`)).toBeVisible();
  await openFromUpcoming(manager, number);
  await decide(manager, '审批通过', '同意，按计划采购', false);
  await expect(fieldValue(manager, '状态')).toHaveText('已审批');
  await expect(manager.getByRole('button', { name: '审批通过', exact: true })).toHaveCount(0);
  await openMenu(manager, '审批中心', '我的待审批');
  await expect(shown(manager, `采购申请 ${number} 待审批`)).toHaveCount(0);
  await openMenu(manager, '审批中心', '我的已审批');
  await expect(manager.getByRole('row').filter({ hasText: number }).filter({ hasText: '审批通过' })).toContainText(
    '同意，按计划采购',
  );

  await buyer.reload();
  await expect(fieldValue(buyer, '状态')).toHaveText('已审批');
  await expect(timeline(buyer)).toHaveCount(2);
  await expect(timeline(buyer).nth(0)).toContainText('提交');
  await expect(timeline(buyer).nth(0)).toContainText('王磊');
  await expect(timeline(buyer).nth(1)).toContainText('审批通过');
  await expect(timeline(buyer).nth(1)).toContainText('陈静');
  await expect(timeline(buyer).nth(1)).toContainText('意见：同意，按计划采购');
  await buyer.goto('/#/main');
  await expect(shown(buyer, `采购申请 ${number} 已审批`)).toBeVisible();
});

test('a rejected requisition needs a comment, can be edited and is submitted again', async ({ browser }) => {
  test.slow();
  const buyer = await signedIn(browser, 'buyer01');
  const number = await createRequisition(buyer, unique('E2E 驳回'));
  await runConfirmed(buyer, '提交');

  const manager = await signedIn(browser, 'manager01');
  await openFromUpcoming(manager, number);
  await decide(manager, '驳回', '数量过多，请减半', true);
  await expect(fieldValue(manager, '状态')).toHaveText('已驳回');

  await buyer.reload();
  await expect(fieldValue(buyer, '状态')).toHaveText('已驳回');
  await expect(timeline(buyer).nth(1)).toContainText('意见：数量过多，请减半');
  await buyer.getByRole('textbox', { name: '说明' }).fill('数量已减半');
  await save(buyer);
  await runConfirmed(buyer, '提交');
  await expect(fieldValue(buyer, '状态')).toHaveText('审批中');
  await expect(timeline(buyer)).toHaveCount(3);

  await openFromUpcoming(manager, number);
  await manager.reload(); // the requisition's tab, kept open since the reject, shows the record as it was then
  await expect(manager.getByRole('button', { name: '审批通过', exact: true })).toBeVisible();
});
