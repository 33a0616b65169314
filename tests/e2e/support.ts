/**
 * Helpers shared by the end-to-end tests: they act as a person does (menu, labelled fields,
 * buttons, visible texts). CSS classes appear only for antd/Formily internals that have no role
 * or label: a Select's dropdown (its visible options carry no role) and the form item around a
 * label (Formily draws <label> without `for`, so getByLabel cannot reach the value or message).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { appsignHeaders } from '../../metadata/src/appsign';
import { LANGUAGE_STORAGE_KEY } from '../../runtime/src/core/language';
import { SESSION_KEYS, type LoginData } from '../../runtime/src/core/session';

/** A suffix that makes descriptions (and other texts) unique per test run. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** yyyyMMdd of the local date (the server, on the same machine, numbers documents with it). */
export function compactToday(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
}

/** The password the server gives every seeded demo user (seeds/README.md). */
export const DEMO_PASSWORD = 'Meridian#2026';

/**
 * Signs in on the login page and waits for the shell: for tests of signing in itself (the form,
 * the deep link reached after it, signing in again after signing out). Every other test signs in
 * with `signIn`, which skips the form (2–3 s each). The session lives in the tab's sessionStorage,
 * so every page (tab) signs in for itself.
 */
export async function signInThroughLoginPage(page: Page, userName = 'buyer01'): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '菜单' })).toBeVisible();
}

export interface SignInOptions {
  /** DEMO_PASSWORD unless given. */
  password?: string;
  /**
   * The interface language, set as the login page's toggle sets it (remembered for the browser
   * context); the login answer's names follow it. Unless given, the page keeps its language and
   * the sign-in is made in Chinese.
   */
  language?: 'CN' | 'EN';
  /** Longest wait for the shell's menu (the expect timeout unless given). */
  timeout?: number;
}

/** Sign-ins through the API so far in this test process: each seeds its own page once (see signIn). */
let apiSignIns = 0;

/**
 * Signs in without the login page, as the login page would, and waits for the shell: calls the
 * login endpoint, stores the answer in the tab's sessionStorage exactly as the runtime's
 * `saveSession` does (runtime/src/core/session.ts: the tokens, the user, the responsibilities, the
 * first one current), then opens /relocation, where the login page hands over (home, or the
 * password change or unfinished registration the relocation rules send a user to). Tests of
 * signing in itself use `signInThroughLoginPage`.
 *
 * The session is written by an init script before the app's own scripts, on the next load of the
 * page only: the script runs on every later load (a reload, a goto) too, and must then leave the
 * tab's session alone (signed out, another responsibility chosen, or another sign-in since).
 * buyer01 (responsibility 采购员) works with requisitions; admin (系统管理员) holds every menu
 * and button, exchange-rate upkeep included.
 */
export async function signIn(page: Page, userName = 'buyer01', options: SignInOptions = {}): Promise<void> {
  const language = options.language ?? 'CN';
  const remember = options.language ? [LANGUAGE_STORAGE_KEY, options.language] : null;
  const answer = await page.request.post('/api/baseServer/v1/baseLoginRestful/login', {
    headers: { ...appsignHeaders(), language, gateway: 'srm', 'content-type': 'application/json' },
    data: { userName, password: options.password ?? DEMO_PASSWORD, language },
  });
  const body = (await answer.json().catch(() => null)) as { status?: string; msg?: string; data?: LoginData } | null;
  if (!answer.ok() || body?.status === 'E' || !body?.data?.certificate)
    throw new Error(`sign-in of ${userName} refused: HTTP ${answer.status()} ${body?.msg ?? ''}`);
  const session = body.data;
  const responsibilities = Array.isArray(session.responsibilities) ? session.responsibilities : [];
  // What saveSession writes, key by key.
  const entries: Array<[string, string]> = [
    [SESSION_KEYS.certificate, session.certificate],
    [SESSION_KEYS.authorizationCode, session.authorizationCode],
    [SESSION_KEYS.userInfo, JSON.stringify(session.userInfo ?? null)],
    [SESSION_KEYS.responsibilities, JSON.stringify(responsibilities)],
    [SESSION_KEYS.responsibilityId, responsibilities[0] ? String(responsibilities[0].responsibilityId) : ''],
  ];
  const origin = new URL(answer.url()).origin;
  const seed = `${process.pid}-${(apiSignIns += 1)}`;
  await page.addInitScript(
    ({ origin, seed, entries, remember }) => {
      if (window !== window.top || location.origin !== origin) return;
      // The seeds this tab has used: each writes the session on the first load after its sign-in only.
      const SEEDS = 'meridian.e2e.sessionSeeds';
      const used = JSON.parse(sessionStorage.getItem(SEEDS) ?? '[]') as string[];
      if (used.includes(seed)) return;
      for (const [key, value] of entries) sessionStorage.setItem(key, value);
      if (remember) localStorage.setItem(remember[0], remember[1]);
      sessionStorage.setItem(SEEDS, JSON.stringify([...used, seed]));
    },
    { origin, seed, entries, remember },
  );
  // A page already showing the app (another user's sign-in) loads afresh, as the login page's
  // navigation to the shell would not: the init script runs on a new document only.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto('/#/relocation');
  const menu = { CN: '菜单', EN: 'Menu' }[options.language ?? 'CN'];
  // Without a language given the page keeps the one remembered, whichever it is.
  await expect(page.getByRole('navigation', { name: options.language ? menu : /^(菜单|Menu)$/ })).toBeVisible({
    timeout: options.timeout,
  });
}

/**
 * In the page, polled once per animation frame by `settled`: the app is idle (runtime/src/core/busy.ts)
 * and, with `shownTab`, the shown tab has content and no spinner; true after two such checks in a
 * row, an animation frame apart. `token` starts a new count for each wait.
 */
const IDLE_FOR_FRAMES = ({ token, shownTab }: { token: string; shownTab: boolean }): boolean => {
  const holder = window as unknown as { __meridianSettled?: { token: string; checks: number } };
  if (holder.__meridianSettled?.token !== token) holder.__meridianSettled = { token, checks: 0 };
  const state = holder.__meridianSettled;
  let still = document.documentElement.getAttribute('data-meridian-busy') === '0';
  if (still && shownTab) {
    const panel = document.querySelector('[data-tab-panel]:not([hidden])');
    still =
      !!panel &&
      !panel.querySelector('.ant-spin-spinning, .ant-skeleton-active') &&
      (Boolean(panel.textContent?.trim()) || Boolean(panel.querySelector('input, table, canvas, img')));
  }
  state.checks = still ? state.checks + 1 : 0;
  return state.checks >= 2;
};

let settleWaits = 0;

/**
 * Waits until the page has settled: the app says it is idle (`<html data-meridian-busy="0">`: no
 * API call, query, mutation or page chunk on its way, runtime/src/core/busy.ts) on two checks in a
 * row, an animation frame apart; with `shownTab`, the shown tab must also have content and no
 * spinner. Instead of a fixed wait or a quiet period. Right after an action the page may still
 * read idle before the first call starts: wait for what the action shows first (the new tab, the
 * dialog), then for this. Throws Playwright's TimeoutError after `timeout` (10 s unless given).
 */
export async function settled(page: Page, options: { shownTab?: boolean; timeout?: number } = {}): Promise<void> {
  const token = `${process.pid}-${(settleWaits += 1)}`;
  await page.waitForFunction(
    IDLE_FOR_FRAMES,
    { token, shownTab: options.shownTab ?? false },
    { polling: 'raf', timeout: options.timeout ?? 10_000 },
  );
}

/** Opens a page of the sider menu: the directory (unless already open), then the page. */
export async function openMenu(page: Page, directory: string, item: string): Promise<void> {
  const menu = page.getByRole('navigation');
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) {
    const folder = menu.getByRole('menuitem', { name: directory, exact: true });
    await folder.click();
    // While the directory slides open its list is clipped; a click then can land on a neighbour.
    const listId = await folder.getAttribute('aria-controls');
    if (listId) await expect(page.locator(`[id="${listId}"]`)).not.toHaveClass(/ant-motion-collapse/);
  }
  await entry.click();
  await expect(entry).toHaveClass(/ant-menu-item-selected/);
}

/** Opens a page of a sub-directory of the sider menu: the directory, its sub-directory, then the page. */
export async function openSubMenu(page: Page, directory: string, sub: string, item: string): Promise<void> {
  const menu = page.getByRole('navigation');
  const folder = menu.getByRole('menuitem', { name: sub, exact: true });
  if (!(await folder.isVisible())) {
    const top = menu.getByRole('menuitem', { name: directory, exact: true });
    await top.click();
    const listId = await top.getAttribute('aria-controls');
    if (listId) await expect(page.locator(`[id="${listId}"]`)).not.toHaveClass(/ant-motion-collapse/);
  }
  await openMenu(page, sub, item);
}

/**
 * The dropdown of an antd Select: the one holding the list this combobox controls (aria-controls),
 * so that another select's dropdown, still closing, is never used.
 */
export async function dropdownOf(combobox: Locator): Promise<Locator> {
  const listId = await combobox.getAttribute('aria-controls');
  if (!listId) throw new Error('the combobox controls no list');
  const page = combobox.page();
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
}

/**
 * Scrolls a grid sideways so that a control in one of its cells is clear of the grid's fixed
 * columns, as a person scrolls before clicking. The browser's own scrolling into view (which a
 * forced click does) counts a cell under a sticky column as visible. Outside a grid: nothing.
 */
export async function revealInGrid(control: Locator): Promise<void> {
  await control.evaluate((element) => {
    const cell = element.closest('td, th');
    const scroller = element.closest('.ant-table-content, .ant-table-body');
    const row = cell?.parentElement;
    if (!cell || !scroller || !row || cell.className.includes('ant-table-cell-fix')) return;
    const fixed = (side: 'left' | 'right') =>
      [...row.children]
        .filter((c) => c.className.includes(`ant-table-cell-fix-${side}`))
        .reduce((sum, c) => sum + c.getBoundingClientRect().width, 0);
    const view = scroller.getBoundingClientRect();
    const box = cell.getBoundingClientRect();
    const visibleLeft = view.left + fixed('left');
    const visibleRight = view.right - fixed('right');
    if (box.left < visibleLeft) scroller.scrollLeft -= visibleLeft - box.left;
    else if (box.right > visibleRight) scroller.scrollLeft += box.right - visibleRight;
  });
}

/**
 * Opens an antd Select's list. A forced click skips Playwright's stability wait, so a click while a
 * dialog is still zooming in can miss; like a person who sees nothing open, it clicks again.
 */
async function openSelect(combobox: Locator): Promise<void> {
  await revealInGrid(combobox);
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click({ force: true });
    await expect(combobox).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Picks an option of an antd Select: opens it (a person clicks where the current value is drawn,
 * hence force), optionally types to search, and clicks the option shown with that text. antd's
 * role="option" elements are an off-screen copy of a few options only, so the visible option is
 * found by its title.
 */
export async function choose(combobox: Locator, option: string, search?: string): Promise<void> {
  await openSelect(combobox);
  if (search !== undefined) await combobox.fill(search);
  await (await dropdownOf(combobox)).getByTitle(option, { exact: true }).click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/**
 * Adds an option to an antd multiple Select: such a select stays open after a pick (to pick more),
 * so the person checks the tag appeared and closes the list with Escape.
 */
export async function chooseAnother(combobox: Locator, option: string, search?: string): Promise<void> {
  await openSelect(combobox);
  if (search !== undefined) await combobox.fill(search);
  const dropdown = await dropdownOf(combobox);
  await dropdown.getByTitle(option, { exact: true }).click();
  // antd puts the title on the option element itself, next to its selected class.
  await expect(dropdown.locator(`.ant-select-item-option-selected[title="${option}"]`)).toHaveCount(1);
  await combobox.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/** Types a date (YYYY-MM-DD) into an antd date picker and confirms it with Enter. */
export async function typeDate(input: Locator, date: string): Promise<void> {
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

function pageOf(scope: Page | Locator): Page {
  return 'goto' in scope ? scope : scope.page();
}

/** The Formily form item whose label is exactly `label` (its value, input and messages). */
export function formItem(scope: Page | Locator, label: string): Locator {
  const page = pageOf(scope);
  const exactly = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  // Hidden tabs stay mounted (keep-alive): a CSS locator must not reach their forms.
  return scope.locator('.ant-formily-item:visible').filter({ has: page.locator('label', { hasText: exactly }) });
}

/** What a form item shows: its read-only value, or its input. */
export function fieldValue(scope: Page | Locator, label: string): Locator {
  return formItem(scope, label).locator('.ant-formily-item-control-content');
}

/** The validation message under a form field. */
export function fieldMessage(scope: Page | Locator, label: string): Locator {
  return formItem(scope, label).locator('.ant-formily-item-help');
}

/** The short message antd shows at the top of the page (saved, deleted, fix the fields …). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByText(text, { exact: true });
}

/**
 * Clicks a button and expects the message it should produce. A message from an earlier action
 * must be gone first (messages last 2.5 s), so that the one seen is this click's.
 */
export async function clickExpectingToast(button: Locator, text: string | RegExp): Promise<void> {
  const message = toast(button.page(), text);
  await expect(message).toHaveCount(0);
  await button.click();
  await expect(message).toBeVisible();
}

/** Presses the Save button of the page (or of a dialog) and expects "保存成功". */
export async function save(scope: Page | Locator): Promise<void> {
  await clickExpectingToast(scope.getByRole('button', { name: '保存', exact: true }), '保存成功');
}

/**
 * Data rows of a table: rows of the body row group (the header's is the first) with more than
 * one cell, which leaves out the one-cell "no data" row of an empty table.
 */
export function dataRows(table: Locator): Locator {
  return table
    .getByRole('rowgroup')
    .nth(1)
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell').nth(1) });
}

/** The cell of `row` under the column headed `header` (a required column's asterisk is ignored). */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  // A list just opened from the menu may not have drawn its columns yet, and allInnerTexts does not
  // wait: wait for the wanted header first (a busy machine once read an empty header row here).
  await table.getByRole('columnheader').filter({ hasText: header }).first().waitFor();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.replace(/^\s*\*\s*/, '').trim() === header);
  if (index < 0) throw new Error(`no column "${header}" among ${JSON.stringify(headers)}`);
  return row.getByRole('cell').nth(index);
}

/** Asserts each header → text of a row. */
export async function expectCells(table: Locator, row: Locator, cells: Record<string, string | RegExp>): Promise<void> {
  for (const [header, text] of Object.entries(cells)) {
    await expect(await cellUnder(table, row, header), `column ${header}`).toHaveText(text);
  }
}

/** The requisition edit page's line grid. */
export function lineGrid(page: Page): { region: Locator; table: Locator; rows: Locator } {
  const region = page.getByRole('region', { name: '申请行' });
  const table = region.getByRole('table');
  return { region, table, rows: dataRows(table) };
}

export interface RequisitionHeader {
  description: string;
  currency?: string;
  date?: string;
}

/** Fills the header of a new requisition (type, company, plant, requester, date, currency, description). */
export async function fillRequisitionHeader(page: Page, header: RequisitionHeader): Promise<void> {
  // The list stays mounted in its (soon hidden) tab until the edit page has loaded: wait for the
  // edit page, or the list's search fields of the same names would be picked.
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeVisible();
  await choose(page.getByRole('combobox', { name: '申请类型' }), '生产性');
  await choose(page.getByRole('combobox', { name: '公司' }), '子午线电子(苏州)有限公司', '电子');
  await choose(page.getByRole('combobox', { name: '收货工厂' }), '苏州一厂', '一厂');
  // A person is picked by name or login and shown by name (buyer01 is 王磊).
  await choose(page.getByRole('combobox', { name: '申请人' }), '王磊', 'buyer');
  await typeDate(page.getByRole('textbox', { name: '申请日期' }), header.date ?? '2026-11-20');
  if (header.currency) await choose(page.getByRole('combobox', { name: '币种' }), header.currency);
  await page.getByRole('textbox', { name: '说明' }).fill(header.description);
}

export interface LineInput {
  item?: { search: string; name: string };
  category?: { search: string; name: string };
  uom?: string;
  quantity?: string;
  price?: string;
  needBy?: string;
}

/** Adds a line with "新增行" and fills what is given (the new line is the editable one). */
export async function addLine(page: Page, line: LineInput): Promise<void> {
  const { region, rows } = lineGrid(page);
  const before = await rows.count();
  await region.getByRole('button', { name: '新增行' }).click();
  await expect(rows).toHaveCount(before + 1);
  const row = rows.nth(before);
  if (line.item) await choose(row.getByRole('combobox', { name: '物料' }), line.item.name, line.item.search);
  if (line.category)
    await choose(row.getByRole('combobox', { name: '采购品类' }), line.category.name, line.category.search);
  if (line.uom) await choose(row.getByRole('combobox', { name: '单位' }), line.uom);
  if (line.quantity) await row.getByRole('spinbutton', { name: '需求数量' }).fill(line.quantity);
  if (line.price) await row.getByRole('spinbutton', { name: '预估单价' }).fill(line.price);
  if (line.needBy) await typeDate(row.getByRole('textbox', { name: '需求日期' }), line.needBy);
}

export const SCREW = { search: '螺钉', name: '不锈钢十字盘头螺钉 M3×8' };
export const MCU = { search: '微控制器', name: '32位微控制器 LQFP48' };
export const CARTON = { search: '纸箱', name: '五层瓦楞纸箱 400×300×250' };
export const HARDWARE = { search: '五金', name: '五金件' };
export const ELECTRONICS = { search: '电子', name: '电子元器件' };
export const PACKAGING = { search: '包材', name: '包材' };

/**
 * Creates a one-line draft requisition through the UI (signed in already) and returns its
 * number; the page stays on the saved requisition.
 */
export async function createRequisition(page: Page, description: string): Promise<string> {
  await openMenu(page, '采购管理', '采购申请');
  await page.getByRole('button', { name: '新增', exact: true }).click();
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
  const number = fieldValue(page, '申请单号');
  await expect(number).toHaveText(/^PR\d{12}$/);
  return (await number.innerText()).trim();
}

/** A page's button, or a row's action (inline or in its "更多" menu). */
async function actionIn(scope: Page | Locator, name: string): Promise<Locator> {
  return 'goto' in scope ? scope.getByRole('button', { name, exact: true }) : rowAction(scope, name);
}

/**
 * Presses a button that asks for confirmation (scope: the page or a row), confirms, and waits for
 * the success message (操作成功, or `done` in another language).
 */
export async function runConfirmed(
  page: Page,
  button: string,
  scope: Page | Locator = page,
  done = '操作成功',
): Promise<void> {
  const message = toast(page, done);
  await expect(message).toHaveCount(0);
  await (await actionIn(scope, button)).click();
  // The message shows as the dialog starts closing; on a loaded machine the dialog can take longer
  // to go than the message stays (2.5 s): it is watched for from the press on.
  const shown = message.waitFor({ state: 'visible', timeout: 30_000 });
  shown.catch(() => undefined); // reported by the await below, not as an unhandled rejection
  await confirmDialog(page);
  await shown;
}

/**
 * Presses OK on the confirmation dialog until it closes: a click while the dialog is still zooming
 * in can be lost (seen on a loaded machine: the dialog stayed open), as a person would press again.
 * A second press while the action runs does nothing (the OK button is loading).
 */
async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  const ok = dialog.getByRole('button', { name: /^(确\s*定|OK)$/ });
  await expect(ok).toBeVisible();
  await expect(async () => {
    if (await ok.count()) await ok.click({ timeout: 2_000 });
    await expect(dialog).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** An approval decision: its dialog asks for the comment (OK stays disabled while a required one is empty). */
export async function decide(
  page: Page,
  button: string,
  comment: string,
  required: boolean,
  scope: Page | Locator = page,
): Promise<void> {
  await expect(toast(page, '操作成功')).toHaveCount(0);
  await (await actionIn(scope, button)).click();
  const dialog = page.getByRole('dialog');
  const ok = dialog.getByRole('button', { name: /^确\s*定$/ });
  if (required) await expect(ok).toBeDisabled();
  await dialog.getByRole('textbox').fill(comment);
  await ok.click();
  await expect(toast(page, '操作成功')).toBeVisible();
}

/** The "more" menu of a grid row (row actions beyond the first two fold into it). */
const MORE = /^(更多|More)$/;

/** Waits until a row shows its action links (the grants load after the rows). */
async function rowActionsShown(row: Locator): Promise<void> {
  await expect(row.getByRole('button').first()).toBeVisible();
}

/** The open dropdown's menu (closed dropdowns stay in the DOM, hidden; the side menu is a menu too). */
function openMenuOf(page: Page): Locator {
  return page.locator('.ant-dropdown:visible').getByRole('menu');
}

/**
 * A row's action: its inline link, or — folded beyond the first two — the item of its "更多"
 * menu, which is opened here. Click the returned locator.
 */
export async function rowAction(row: Locator, name: string): Promise<Locator> {
  await rowActionsShown(row);
  const inline = row.getByRole('button', { name, exact: true });
  if (await inline.count()) return inline;
  const more = row.getByRole('button', { name: MORE });
  if (!(await more.count())) return inline; // neither: the caller's click or expectation reports it
  await more.click();
  return openMenuOf(row.page()).getByRole('menuitem', { name, exact: true });
}

/** Every action a row offers, inline and in its "更多" menu (closed again). */
export async function rowActionNames(row: Locator): Promise<string[]> {
  await rowActionsShown(row);
  // Row actions are icons: their names are their aria-labels (RowActions).
  const inline = await row
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
  const names = inline.filter((text) => text && !MORE.test(text));
  const more = row.getByRole('button', { name: MORE });
  if (!(await more.count())) return names;
  await more.click();
  const menu = openMenuOf(row.page());
  await expect(menu).toBeVisible();
  const folded = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  await more.click(); // the trigger closes what it opened
  await expect(menu).toBeHidden();
  return [...names, ...folded];
}

/**
 * An API call as the signed-in page's session, from the screen (menuId) the page shows: for what
 * the screens do not offer as a button (a refusal to check, a stored value to read, a
 * preparation). `path`: /api/… of the endpoint.
 */
export async function callAsSession(page: Page, path: string, body: object): Promise<{ status: number; data: any }> {
  const session = await page.evaluate(() => ({
    certificate: sessionStorage.getItem('meridian.certificate') ?? '',
    authorizationCode: sessionStorage.getItem('meridian.authorizationCode') ?? '',
    respId: sessionStorage.getItem('meridian.responsibilityId') ?? '',
  }));
  const menuId = new URL(page.url().replace('/#/', '/')).searchParams.get('menuId') ?? '';
  const answer = await page.request.post(path, {
    headers: {
      ...appsignHeaders(),
      certificate: session.certificate,
      AuthorizationCode: session.authorizationCode,
      respId: session.respId,
      menuId,
      language: 'CN',
      'content-type': 'application/json',
    },
    data: body,
  });
  const json = (await answer.json().catch(() => null)) as { data?: any } | null;
  return { status: answer.status(), data: json?.data };
}
