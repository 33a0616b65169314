/**
 * The two home dashboards in Chinese and English (docs/architecture.md "Spec: routes and home",
 * "Spec: states"): each user lands on
 * their home; opening a BIDDING_BARGAINING to-do opens its page and moves it to "my done";
 * opening a notification removes its New tag, viewing an announcement its red dot; the charts
 * draw (canvas) the figures the server counted. Screenshots of both homes in both languages go to
 * test-results/screenshots/.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import * as path from 'node:path';
import { openMenu, signIn as signInTab } from './support';

const SHOTS = path.join(__dirname, '..', '..', 'test-results', 'screenshots');

const TEXT = {
  CN: {
    myTodo: '我的待办',
    myDone: '我的已办',
    bargaining: '议价回复',
    performance: '新绩效考核',
    pending: '待处理',
    handled: '已处理',
  },
  EN: {
    myTodo: 'My to-do',
    myDone: 'My done',
    bargaining: 'Bargaining reply',
    performance: 'New performance assessment',
    pending: 'Pending',
    handled: 'handled',
  },
} as const;
type Lang = keyof typeof TEXT;

const isStats = (r: Response) => r.url().includes('/baseHomeRestful/findHomeStats');

/** Signs in with the interface in `lang` (as the login page's language toggle sets it). */
async function signIn(page: Page, lang: Lang, userName: string): Promise<void> {
  await signInTab(page, userName, { language: lang, timeout: 30_000 });
}

/** Back to the home tab, as a person does (the home stays open in its tab and reads its lists again). */
async function goHome(page: Page, lang: Lang): Promise<void> {
  await page
    .locator('a[href="#/main"]')
    .filter({ visible: true, hasText: lang === 'CN' ? '首页' : 'Home' })
    .first()
    .click();
  await expect(page.getByTestId('internal-home').or(page.getByTestId('supplier-home'))).toBeVisible();
}

/** Rows of one of the to-do tables (the active tab's). */
const todoRows = (page: Page) =>
  page.getByTestId('home-todos').locator('.ant-tabs-tabpane-active tbody tr.ant-table-row');

for (const lang of ['CN', 'EN'] as const) {
  const t = TEXT[lang];

  test(`${lang}: a buyer's home — to-do to done, notification, announcement, charts`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const statsAnswer = page.waitForResponse(isStats);
    await signIn(page, lang, 'buyer01');
    const home = page.getByTestId('internal-home');
    await expect(home).toBeVisible({ timeout: 30_000 });
    // The greeting names the person in the interface's language.
    await expect(home.getByRole('heading').first()).toContainText(lang === 'CN' ? '王磊' : 'Wang Lei');

    // Charts: drawn on canvas, with the figures the server counted.
    const stats = (await (await statsAnswer).json()).data as {
      charts: { key: string; data: { count: number }[] }[];
      approvals: { pending: number; handled: number };
    };
    const byStatus = stats.charts.find((c) => c.key === 'requisitionsByStatus')!;
    for (const chart of ['chart-requisitionsByStatus', 'chart-requisitionAmounts', 'chart-gauge'])
      await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('chart-gauge-figures')).toHaveText(
      new RegExp(`${t.pending} ${stats.approvals.pending} · ${t.handled} ${stats.approvals.handled}`, 'i'),
    );
    const pieFigures = (await page.getByTestId('chart-requisitionsByStatus-figures').innerText())
      .match(/\d+/g)!
      .map(Number);
    expect(pieFigures).toEqual(byStatus.data.map((s) => s.count));
    expect(pieFigures.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, `home-internal-${lang.toLowerCase()}.png`), fullPage: true });

    // A BIDDING_BARGAINING to-do opens its document and moves to "my done".
    const item = todoRows(page).filter({ hasText: t.bargaining }).first();
    const title = (await item.locator('td').first().innerText()).trim();
    await item.getByRole('button').first().click();
    await expect(page).toHaveURL(
      /#\/main\/purRequisitionManage\/purRequisitionEdit\?id=\d+&mode=view&menuId=[1-9]\d*&respId=\d+/,
    );
    // The requisition the to-do is about (the home stays open, hidden, in its own tab).
    const billNumber = title.match(/PR\d{12}/)![0];
    await expect(page.getByText(billNumber).filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
    await goHome(page, lang);
    await expect(todoRows(page).filter({ hasText: title })).toHaveCount(0);
    await page
      .getByTestId('home-todos')
      .getByRole('tab', { name: new RegExp(t.myDone) })
      .click();
    await expect(todoRows(page).filter({ hasText: title })).toHaveCount(1);

    // A notification: its New tag goes once opened.
    const notifications = page.getByTestId('home-notifications');
    const unread = notifications
      .locator('.ant-list-item')
      .filter({ has: page.locator('.ant-tag', { hasText: 'New' }) })
      .first();
    const notificationTitle = (await unread.getByRole('link').innerText()).trim();
    await unread.getByRole('link').click();
    await expect(page.getByTestId('notification-desc')).toContainText(notificationTitle);
    await goHome(page, lang);
    const opened = notifications.locator('.ant-list-item').filter({ hasText: notificationTitle });
    await expect(opened).toBeVisible();
    await expect(opened.locator('.ant-tag', { hasText: 'New' })).toHaveCount(0);

    // An announcement: its red dot goes once viewed.
    const notices = page.getByTestId('home-notices');
    const dotted = notices
      .locator('.ant-list-item')
      .filter({ has: page.getByTestId('notice-dot') })
      .first();
    const noticeTitle = (await dotted.getByRole('link').innerText()).trim();
    await dotted.getByRole('link').click();
    await expect(page.getByTestId('notice-desc')).toContainText(noticeTitle);
    await expect(page.getByTestId('rich-text')).not.toBeEmpty();
    await goHome(page, lang);
    const viewed = notices.locator('.ant-list-item').filter({ hasText: noticeTitle });
    await expect(viewed).toBeVisible();
    await expect(viewed.getByTestId('notice-dot')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test(`${lang}: a supplier's home — welcome, PERFORMANCE_SIMPLE handled when opened, lists`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, lang, 'supplier01');
    const home = page.getByTestId('supplier-home');
    await expect(home).toBeVisible({ timeout: 30_000 });
    // The supplier is named in the interface's language.
    await expect(home).toContainText(
      lang === 'CN' ? '苏州恒达精密五金有限公司' : 'Suzhou Hengda Precision Hardware Co., Ltd.',
    );
    await expect(page.getByTestId('home-notifications').locator('.ant-list-item').first()).toBeVisible();
    await expect(page.getByTestId('home-notices').locator('.ant-list-item').first()).toBeVisible();
    await expect(page.getByTestId('home-charts')).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, `home-supplier-${lang.toLowerCase()}.png`), fullPage: true });

    const item = todoRows(page).filter({ hasText: t.performance }).first();
    const title = (await item.locator('td').first().innerText()).trim();
    await item.getByRole('button').click();
    // No menu: it stays on the home, and the item moves to "my done".
    await expect(todoRows(page).filter({ hasText: title })).toHaveCount(0);
    await expect(page).toHaveURL(/#\/main\/?$/);
    await page
      .getByTestId('home-todos')
      .getByRole('tab', { name: new RegExp(t.myDone) })
      .click();
    await expect(todoRows(page).filter({ hasText: title }).first()).toBeVisible();

    // The "view more" link of the welcome line leads to all announcements.
    await home.getByRole('link', { name: lang === 'CN' ? '查看更多公告' : 'View more announcements' }).click();
    await expect(page.getByTestId('notice-more').locator('.ant-list-item').first()).toBeVisible();
  });
}

test('CN: the administrator manages announcements and notifications from the system menu', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTab(page, 'admin');
  await openMenu(page, '系统管理', '公告管理');
  await expect(page.getByRole('cell', { name: '关于2027年春节放假安排的通知' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('cell', { name: '2027年采购策略说明会（草稿）' })).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByText('指定接收方（发布范围为“指定接收方”时使用）')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('公告内容（英文）').filter({ visible: true })).toBeVisible();
  await openMenu(page, '系统管理', '通知管理');
  await expect(page.getByRole('cell', { name: '请确认 2026 年 12 月送货计划' }).first()).toBeVisible({
    timeout: 30_000,
  });
});
