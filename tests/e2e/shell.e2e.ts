/**
 * The shell end to end (docs/architecture.md "Spec: routes and home", issue 4): at most 15 tabs; a tab's page
 * keeps its state
 * across switches; a deep link asked for before signing in is reached after it (through
 * /relocation); unknown paths show the not-found page with a way home; the language survives a
 * reload and a new sign-in; an embedded page opens from a sealed link, and a tampered one does not.
 */
import { expect, test, type Page } from '@playwright/test';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appsignHeaders } from '../../metadata/src/appsign';
import { DEMO_PASSWORD, openMenu, signIn as signInThroughApi } from './support';

const LIMIT_TEXT = '最多只能打开 15 个标签页，请先关闭一些';

// The shell is heavy to render on a busy machine: allow it more than the default 10 s to appear.
const shell = expect.configure({ timeout: 30_000 });
test.setTimeout(120_000);

/**
 * The shell's tabs: those of the 已打开的页面 region (pages have tab strips of their own). antd gives
 * the close buttons the role tab too; only real tabs carry aria-selected.
 */
function tabs(page: Page) {
  return page.getByRole('region', { name: '已打开的页面' }).locator('[role="tab"][aria-selected]');
}

/** Goes to a hash route of the app as a link or a typed address would, without reloading the page. */
async function goHash(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
}

/** Signs in on the login form shown (the tests of signing in: the deep link, signing in again). */
async function loginForm(page: Page, userName: string): Promise<void> {
  await page.getByLabel(/用户名|User name/).fill(userName);
  await page.getByLabel(/^(密码|Password)$/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
}

/** Signs in (Chinese, through the API: signing in is tested with loginForm) and waits for the shell's home tab and menu. */
async function signIn(page: Page, userName: string): Promise<void> {
  await signInThroughApi(page, userName, { timeout: 30_000 });
  await shell(tabs(page).filter({ hasText: '首页' })).toBeVisible();
  await shell(page.getByRole('navigation', { name: '菜单' }).getByRole('menuitem').first()).toBeVisible();
}

test('opening a 16th tab says so and opens nothing', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '采购管理', '采购申请');
  await openMenu(page, '基础数据', '汇率管理');
  await expect(tabs(page)).toHaveCount(3);
  for (let i = 4; i <= 15; i++) {
    await goHash(page, `/main/noSuchScreen${i}`);
    await expect(tabs(page)).toHaveCount(i);
  }
  await expect(page).toHaveURL(/#\/main\/noSuchScreen15$/);
  await goHash(page, '/main/oneTooMany');
  await expect(page.getByText(LIMIT_TEXT)).toBeVisible();
  await expect(tabs(page)).toHaveCount(15);
  await expect(page).toHaveURL(/#\/main\/noSuchScreen15$/);
  // Closing the others (home stays) makes room again.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(tabs(page).nth(0)).toHaveText('首页');
  await goHash(page, '/main/oneTooMany');
  await expect(tabs(page)).toHaveCount(3);
});

test('a tab keeps its page: the search text survives a switch to home and back', async ({ page }) => {
  await signIn(page, 'buyer01');
  await openMenu(page, '采购管理', '采购申请');
  const search = page.getByRole('search').getByRole('textbox', { name: '申请单号' });
  await search.fill('PR2026');
  await tabs(page).filter({ hasText: '首页' }).click();
  await expect(page.getByTestId('internal-home')).toBeVisible();
  await expect(search).toBeHidden();
  await tabs(page).filter({ hasText: '采购申请' }).click();
  await expect(search).toHaveValue('PR2026');
  await expect(page.getByRole('navigation', { name: '面包屑' })).toHaveText(/首页\s*\/\s*采购管理\s*\/\s*采购申请/);
});

test('a deep link opened before signing in is reached after signing in, through /relocation', async ({ page }) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/#/main/purchaseRequisitionList');
  await expect(page.getByText('请先登录')).toBeVisible();
  await loginForm(page, 'buyer01');
  await shell(page).toHaveURL(/#\/main\/purchaseRequisitionList/);
  await shell(page.getByRole('search').getByRole('textbox', { name: '申请单号' })).toBeVisible();
  expect(visited.some((url) => url.includes('#/relocation'))).toBe(true);
});

test('unknown paths show the not-found page with a way back home', async ({ page }) => {
  await signIn(page, 'buyer01');
  await goHash(page, '/main/noSuchScreen');
  await expect(page.getByText('您访问的页面不存在或尚未配置。')).toBeVisible();
  await expect(tabs(page).filter({ hasText: '页面不存在' })).toBeVisible();
  await page.goto('/#/no/such/path');
  await expect(page.getByText('您访问的页面不存在或尚未配置。')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await shell(page.getByTestId('internal-home')).toBeVisible();
});

test('English stays after a reload and after signing out and in, and every call says so', async ({ page }) => {
  await signIn(page, 'buyer01');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const call = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/'));
  await page.reload();
  const sent = await call;
  expect(sent.headers()['language']).toBe('EN');
  expect(JSON.parse(sent.postData() ?? '{}').language).toBe('EN');
  await shell(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await loginForm(page, 'buyer01');
  await shell(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
});

test.describe('embedded pages', () => {
  let server: http.Server;
  let origin = '';

  test.beforeAll(async () => {
    // A tiny "external" site that shows the query it was opened with.
    server = http.createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>ext</title><h1>External report</h1><p id="q">${[...query.keys()].sort().join(',')}|${query.get('year')}|${query.get('M')}</p>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Seals a link as the signed-in page's session (what a LINK menu does). */
  async function seal(page: Page, link: Record<string, unknown>): Promise<string> {
    const session = await page.evaluate(() => ({
      certificate: sessionStorage.getItem('meridian.certificate') ?? '',
      authorizationCode: sessionStorage.getItem('meridian.authorizationCode') ?? '',
      respId: sessionStorage.getItem('meridian.responsibilityId') ?? '',
    }));
    const answer = await page.request.post('/api/baseServer/v1/baseEmbedRestful/sealParams', {
      headers: {
        ...appsignHeaders(),
        certificate: session.certificate,
        AuthorizationCode: session.authorizationCode,
        language: 'CN',
        'content-type': 'application/json',
      },
      data: { ...link, respId: session.respId },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { data: { actionId: string } }).data.actionId;
  }

  test('a sealed link opens the page embedded, in the window and in a tab; a tampered one is refused', async ({
    page,
  }) => {
    await signIn(page, 'buyer01');
    const actionId = await seal(page, { url: `${origin}/report.html`, query: 'year=2026', pageName: 'REPORT' });
    await page.goto(`/#/iframeBox/report.html?type=OUTSIDE&link=EXTERIOR&actionId=${actionId}`);
    const frame = page.frameLocator('iframe[title="REPORT"]');
    await expect(frame.getByRole('heading', { name: 'External report' })).toBeVisible();
    await expect(frame.locator('#q')).toHaveText(/^M,pageName,respId,year\|2026\|V$/);

    await goHash(page, `/main/iframe?type=OUTSIDE&link=EXTERIOR&actionId=${actionId}`);
    await expect(tabs(page).filter({ hasText: 'REPORT' })).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="REPORT"]').getByRole('heading', { name: 'External report' }),
    ).toBeVisible();

    const tampered = `${actionId.slice(0, 10)}${actionId[10] === 'A' ? 'B' : 'A'}${actionId.slice(11)}`;
    await goHash(page, `/iframeBox/report.html?type=OUTSIDE&link=EXTERIOR&actionId=${tampered}`);
    await expect(page.getByText('链接参数无效或不属于当前会话，请从菜单重新打开')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });
});

test('the menu search opens a screen by name; the collapsed menu stays collapsed after a reload; the name shows once', async ({
  page,
}) => {
  await signIn(page, 'buyer01');
  await expect(page.getByText('Meridian SRM', { exact: true })).toHaveCount(1);
  const menu = page.getByRole('navigation', { name: '菜单' });
  const search = menu.getByRole('searchbox', { name: '搜索菜单' });
  await search.fill('采购申请');
  await expect(menu.getByRole('menuitem', { name: '采购申请', exact: true })).toBeVisible();
  await search.press('Enter');
  await shell(page).toHaveURL(/#\/main\/purchaseRequisitionList/);

  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(search).toBeHidden();
  await page.reload();
  await shell(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: '搜索菜单' })).toBeHidden();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(page.getByRole('searchbox', { name: '搜索菜单' })).toBeVisible();
});

test('after sign-out, a screen link pasted into the address bar is reached after signing in', async ({ page }) => {
  await signIn(page, 'buyer01');
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await goHash(page, '/main/purchaseRequisitionList');
  await expect(page.getByText('请先登录')).toBeVisible();
  await loginForm(page, 'buyer01');
  await shell(page).toHaveURL(/#\/main\/purchaseRequisitionList/);
  await shell(page.getByRole('search').getByRole('textbox', { name: '申请单号' })).toBeVisible();
});

test('Save stays in sight while a long form scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await signIn(page, 'buyer01');
  await openMenu(page, '采购管理', '采购申请');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const saveButton = page.getByRole('button', { name: '保存', exact: true });
  await shell(saveButton).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await expect(saveButton).toBeInViewport();
});
