/**
 * Screen harness: every demo user signs in and opens every menu entry of every responsibility
 * they hold, once: in English for the administrator (who holds every internal screen) and for
 * supplier01, in Chinese for the others (each supplier screen is seen by supplier02 in Chinese). Each screen must
 * render something and show no page error, console error, raw i18n key or failed API call (HTTP
 * ≥ 400 or an envelope with status E), at no moment a raw status/type code, entity name or bare id
 * in a list or line cell or a reference field (rawWatch.ts), and in English no Chinese on its buttons, column headers,
 * labels, tabs or breadcrumbs (data may be Chinese). A user's failures are gathered and reported together, so
 * one run lists every defect. Screens open by address (as the sider's click does, with menuId and
 * respId) in the shell's tabs; each tab is closed as the screen after the next one opens (the shell
 * keeps at most 15, and home is never shown again in between). Sub-screen menus (edit, detail) open without
 * an id. Workers: the config runs one, so users run one after another.
 */
import { errors, expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { cn } from '../../runtime/src/i18n/cn';
import { takeRawValues, watchRawValues } from './rawWatch';
import { settled, signIn as signInThroughApi } from './support';

type Language = 'CN' | 'EN';
interface MenuRow {
  menuId: number | string;
  menuParentId: number | string | null;
  menuType: string;
  htmlUrl?: string | null;
  menuName: string | { cn: string; en: string };
  enabled?: string;
}
interface Responsibility {
  responsibilityId: number | string;
  responsibilityName: string;
}

// One user per responsibility, and a second supplier (other rows, same screens): supplier03 and
// supplier04 hold supplier02's responsibility and added 1.6 min for no screen of their own. Each
// user runs once (docs/decisions.md "CI time"): every internal screen is checked in English by the
// administrator and in Chinese by the users who work with it; supplier screens in both languages by
// the two suppliers. The checks other than the English labels do not depend on the language.
const USERS = ['admin', 'buyer01', 'manager01', 'qe01', 'supplier01', 'supplier02'];
const ENGLISH_USERS = ['admin', 'supplier01'];
/** Longest wait for a screen to settle (the app idle, no request in flight, no spinner). */
const SETTLE_MS = 10_000;

// A raw key is `namespace.key` of the runtime's translation table (runtime/src/i18n/cn.ts), not
// inside a word, a mail address or a file name; `{{x}}` is an interpolation left unfilled.
const RAW_KEY = new RegExp(`(?<![\\w@./-])(?:${Object.keys(cn).join('|')})\\.[A-Za-z][\\w.]*\\b|\\{\\{\\w+\\}\\}`, 'g');
const CJK = /[\u3400-\u9fff]/;

/** What a user's run has seen: the screen being checked, API calls in flight, failures so far. */
class Watch {
  screen = 'sign-in';
  /** The user and responsibility being checked. */
  who = '';
  inFlight = 0;
  /** Called when no request is in flight any more (settle waits for the last answer to be judged). */
  private drained: (() => void) | undefined;
  readonly failures: string[] = [];

  constructor(readonly page: Page) {
    page.on('pageerror', (error) => this.fail(`page error: ${error.message}`));
    page.on('console', (message) => {
      // A failed call is reported with its answer by onResponse; the browser's own line adds nothing.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        this.fail(`console error: ${message.text()}`);
    });
    // Every request is waited for before a screen counts as settled (page chunks too); only API answers are judged.
    page.on('request', () => this.activity(1));
    page.on('requestfinished', () => this.activity(-1));
    page.on('requestfailed', (request) => {
      this.activity(-1);
      if (this.isApi(request.url()))
        this.fail(`API ${this.apiPath(request.url())} failed: ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => void this.onResponse(response));
  }

  fail(message: string): void {
    this.failures.push(`${this.screen}: ${message}`);
  }

  private isApi(url: string): boolean {
    return new URL(url).pathname.startsWith('/api/');
  }

  private apiPath(url: string): string {
    return new URL(url).pathname;
  }

  private activity(delta: number): void {
    this.inFlight += delta;
    if (this.inFlight <= 0) this.drained?.();
  }

  private async onResponse(response: Response): Promise<void> {
    if (!this.isApi(response.url())) return;
    const screen = this.screen;
    const type = response.headers()['content-type'] ?? '';
    const body = type.includes('json') ? await response.json().catch(() => null) : null;
    if (response.status() < 400 && body?.status !== 'E') return;
    const message = body?.msg ? ` ${body.msg}` : '';
    this.failures.push(
      `${screen}: API ${this.apiPath(response.url())} → HTTP ${response.status()}${body ? ` ${body.status}` : ''}${message}`,
    );
  }

  /**
   * Waits until the app says it is idle (no API call, query, mutation or page chunk on its way:
   * runtime/src/core/busy.ts) while the shown tab has something to show and no spinner, for two
   * checks in a row an animation frame apart (`settled`), and every request the browser sent has
   * had its answer here (so that its check above has run). A screen that stays empty is reported by
   * inspectScreen. Called once the new screen's tab shows, so its own calls have begun or are
   * seen to begin within those frames.
   */
  async settle(): Promise<void> {
    const until = Date.now() + SETTLE_MS;
    for (;;) {
      try {
        await settled(this.page, { shownTab: true, timeout: Math.max(1, until - Date.now()) });
      } catch (error) {
        if (!(error instanceof errors.TimeoutError)) throw error;
        break;
      }
      if (this.inFlight <= 0) return;
      // The page is idle but an answer has not reached this process yet: wait for it, then look again.
      if (!(await this.allAnswered(until))) break;
    }
    this.fail(`did not settle within ${SETTLE_MS / 1000} s (${this.inFlight} requests in flight)`);
  }

  /** Whether the requests in flight all got their answers before `until`. */
  private allAnswered(until: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        this.drained = undefined;
        resolve(answered);
      };
      const timer = setTimeout(() => done(false), Math.max(0, until - Date.now()));
      this.drained = () => done(true);
      if (this.inFlight <= 0) done(true);
    });
  }
}

function label(name: MenuRow['menuName'], language: Language): string {
  return typeof name === 'string' ? name : language === 'EN' ? name.en : name.cn;
}

/**
 * Every PAGE menu of the responsibility: the sider's entries and the sub-screens under them (an
 * edit or detail page, which opens empty without an id but must still render cleanly).
 */
function menuPages(rows: MenuRow[]): MenuRow[] {
  return rows.filter((row) => row.menuType === 'PAGE' && row.htmlUrl && row.enabled !== 'N');
}

function isMenuAnswer(response: Response): boolean {
  return response.url().includes('/baseMenuRestful/findMenuByResp');
}

async function menuRows(answer: Promise<Response>): Promise<MenuRow[]> {
  const body = await (await answer).json();
  return (body?.data ?? []) as MenuRow[];
}

/**
 * Signs in through the API (the login form is tested elsewhere: identity.e2e.ts); answers the
 * pending answer of the first responsibility's menus (wrapped: a promise would be awaited away).
 */
async function signIn(page: Page, user: string, language: Language): Promise<{ menus: Promise<Response> }> {
  const menus = page.waitForResponse(isMenuAnswer);
  await signInThroughApi(page, user, { language, timeout: 30_000 });
  return { menus };
}

async function switchResponsibility(page: Page, to: Responsibility): Promise<{ menus: Promise<Response> }> {
  const menus = page.waitForResponse(isMenuAnswer);
  await page.getByRole('combobox', { name: /^(切换职责|Switch responsibility)$/ }).click({ force: true });
  await page.locator('.ant-select-dropdown:visible').getByTitle(to.responsibilityName, { exact: true }).click();
  return { menus };
}

/** In the page: the shown tab's text and widgets, all visible text, and the labels that must be translated. */
const SCREEN_TEXTS = () => {
  const panel = document.querySelector('[data-tab-panel]:not([hidden])');
  const texts = (selector: string) =>
    Array.from(document.querySelectorAll<HTMLElement>(selector), (e) => e.innerText ?? '');
  // The header is left out of the labels: it shows the user's own name and the toggle back to 中文.
  const labelSelector = ['button', 'th', 'label', '.ant-tabs-tab', '.ant-empty-description'].map(
    (s) => `[data-tab-panel]:not([hidden]) ${s}`,
  );
  return {
    text: (panel as HTMLElement | null)?.innerText?.trim() ?? '',
    widgets: panel?.querySelectorAll('input, table, canvas, img, svg, button').length ?? 0,
    shown: document.body.innerText,
    labels: texts([...labelSelector, '.ant-breadcrumb', '[role="tab"]'].join(', ')),
  };
};

/**
 * What the open screen shows wrongly: nothing at all, raw keys, raw values shown at any moment
 * since the last look, untranslated labels in English.
 */
async function inspectScreen(watch: Watch, language: Language): Promise<void> {
  const { text, widgets, shown, labels } = await watch.page.evaluate(SCREEN_TEXTS);
  if (!text && !widgets) watch.fail('renders nothing (empty content area)');
  for (const key of new Set(shown.match(RAW_KEY) ?? [])) watch.fail(`raw i18n text on screen: ${key}`);
  for (const raw of await takeRawValues(watch.page)) watch.fail(`raw value on screen: ${raw}`);
  if (language !== 'EN') return;
  for (const chinese of new Set(labels.map((l) => l.trim()).filter((l) => CJK.test(l))))
    watch.fail(`Chinese label in English: ${chinese}`);
}

/** The id of the shown tab (its panel's data-tab-panel, the tab strip's data-node-key). */
async function shownTab(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector('[data-tab-panel]:not([hidden])')?.getAttribute('data-tab-panel') ?? '',
  );
}

/**
 * In the page: closes the tab `close` (one no longer shown, if any), then goes to `hash`; answers the
 * id of the tab shown before. Closing the screen before the shown one only now keeps home from
 * being shown (and reloading its to-dos) between two screens. One call into the page for the three.
 */
const CLOSE_AND_GO = ({ close, hash }: { close: string; hash: string }) => {
  const before = document.querySelector('[data-tab-panel]:not([hidden])')?.getAttribute('data-tab-panel') ?? '';
  // A click in the page: the tab is hidden, so Playwright's wait for a visible, still target would
  // only cost time. Only the shell's tab strip has closable tabs (pages' own tab strips do not).
  if (close)
    document.querySelector<HTMLElement>(`.ant-tabs-tab[data-node-key="${close}"] .ant-tabs-tab-remove`)?.click();
  window.location.hash = hash;
  return before;
};

/** In the page: the data rows of the shown tab's list screen, or null when it shows no list page. */
const LIST_ROWS = () => {
  const list = document.querySelector('[data-tab-panel]:not([hidden]) [data-page-type="list"]');
  return list ? list.querySelectorAll('.ant-table-tbody tr.ant-table-row').length : null;
};

/**
 * The most rows each list screen (by address) showed any user: demo data must let every list
 * open on rows for someone who uses it (a screen empty for everyone cannot be tried).
 */
const listRows = new Map<string, { rows: number; seenBy: string[] }>();
let startedRuns = 0;

async function recordListRows(watch: Watch, row: MenuRow, who: string): Promise<void> {
  const rows = await watch.page.evaluate(LIST_ROWS);
  if (rows === null) return;
  const url = String(row.htmlUrl);
  const seen = listRows.get(url) ?? { rows: 0, seenBy: [] };
  listRows.set(url, { rows: Math.max(seen.rows, rows), seenBy: [...seen.seenBy, who] });
}

/**
 * Opens a menu's screen in a new tab and checks it, closing the tab of the screen before (`close`,
 * no longer shown); answers the new tab's id.
 */
async function openScreen(
  watch: Watch,
  row: MenuRow,
  respId: string,
  language: Language,
  close: string,
): Promise<string> {
  const url = `/main/${String(row.htmlUrl).replace(/^\/+/, '')}?menuId=${row.menuId}&respId=${respId}`;
  const before = await watch.page.evaluate(CLOSE_AND_GO, { close, hash: url });
  await watch.page.waitForFunction(
    (id) => document.querySelector('[data-tab-panel]:not([hidden])')?.getAttribute('data-tab-panel') !== id,
    before,
    { timeout: SETTLE_MS },
  );
  await watch.settle();
  await inspectScreen(watch, language);
  await recordListRows(watch, row, watch.who);
  return shownTab(watch.page);
}

async function checkUser(
  browser: Browser,
  user: string,
  language: Language,
): Promise<{ failures: string[]; screens: number }> {
  const context = await browser.newContext({ locale: language === 'EN' ? 'en-US' : 'zh-CN' });
  if (language === 'EN') await context.addInitScript(() => localStorage.setItem('meridian.language', 'EN'));
  await watchRawValues(context);
  const page = await context.newPage();
  const watch = new Watch(page);
  let screens = 0;
  try {
    let { menus } = await signIn(page, user, language);
    await watch.settle();
    await inspectScreen(watch, language);
    const held = (await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('meridian.responsibilities') ?? '[]'),
    )) as Responsibility[];
    const current = await page.evaluate(() => sessionStorage.getItem('meridian.responsibilityId') ?? '');
    const isCurrent = (r: Responsibility) => String(r.responsibilityId) === current;
    const ordered = [...held.filter(isCurrent), ...held.filter((r) => !isCurrent(r))];
    for (const [index, resp] of ordered.entries()) {
      if (index > 0) ({ menus } = await switchResponsibility(page, resp));
      // The screens shown last and before it: the one before is closed as the next one opens.
      let shown = '';
      let before = '';
      watch.who = `${user}/${resp.responsibilityName}`;
      const rows = menuPages(await menuRows(menus));
      // The time grows with the application: a margin per screen of this responsibility.
      test.setTimeout(test.info().timeout + rows.length * SECONDS_PER_SCREEN * 1000);
      for (const row of rows) {
        watch.screen = `${resp.responsibilityName} › ${label(row.menuName, language)} (${row.htmlUrl})`;
        const opened = await openScreen(watch, row, String(resp.responsibilityId), language, before);
        before = shown;
        shown = opened;
        screens += 1;
      }
    }
  } catch (error) {
    watch.fail(`stopped: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
  return { failures: watch.failures, screens };
}

/** Time allowed per screen beyond the test's base time (a screen takes about 1–2 s; loaded CI machines more). */
const SECONDS_PER_SCREEN = 5;

const RUNS: Array<[string, Language]> = USERS.map((u) => [u, ENGLISH_USERS.includes(u) ? 'EN' : 'CN']);

for (const [user, language] of RUNS) {
  test(`${user} (${language}): every menu screen renders cleanly`, async ({ browser }) => {
    test.setTimeout(60_000);
    startedRuns += 1;
    const started = Date.now();
    const { failures, screens } = await checkUser(browser, user, language);
    test.info().annotations.push({
      type: 'screens',
      description: `${screens} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    });
    console.log(`${user} (${language}): ${screens} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(screens, 'menu screens opened').toBeGreaterThan(0);
    expect(failures, `${failures.length} defects:\n  ${failures.join('\n  ')}`).toEqual([]);
  });
}

test('every list screen opens on rows for at least one demo user who has it', () => {
  // Needs every user's run above (one worker runs this file in order); a run that failed still
  // counted the rows of the screens it opened.
  test.skip(startedRuns < RUNS.length, 'not every user ran in this run');
  const empty = [...listRows].filter(([, seen]) => seen.rows === 0);
  const lines = empty.map(([url, seen]) => `${url} (empty for ${[...new Set(seen.seenBy)].join(', ')})`);
  expect(lines, `${lines.length} list screens without demo rows:\n  ${lines.join('\n  ')}`).toEqual([]);
});
