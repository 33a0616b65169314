import { defineConfig } from '@playwright/test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The built app (runtime + API on one port) on a fresh SQLite database with demo data, driven in
// Debian's Chromium: Playwright's own browser download is not reachable from these machines.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `meridian-e2e-${process.pid}`);
// Debian's headless-only build of the same Chromium (package chromium-headless-shell, what
// Playwright itself runs headless): about 8% faster per test than the full browser's headless
// mode, and ~0.6 s faster to a first page (docs/decisions.md "CI time"). CHROMIUM_PATH overrides.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: __dirname,
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    // As a user who asked the system for less motion: the app then turns antd's animations off
    // (runtime/src/core/reducedMotion.ts), and a click no longer waits for a sliding menu or a
    // fading dialog to come to rest. Contexts the tests open themselves inherit it.
    reducedMotion: 'reduce',
    // Recording a trace doubles a test's time (a DOM snapshot per action): CI records it only for
    // the retry of a failed test, whose trace is then kept; E2E_TRACE overrides (e.g. "on").
    trace: (process.env.E2E_TRACE as 'on' | undefined) ?? (process.env.CI ? 'on-first-retry' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The every-menu harness runs first, on the demo data as seeded: flows after it change demo
  // users' login state (a changed password, captcha after failures). One worker runs the projects
  // in this order.
  projects: [
    { name: 'screens', testMatch: '**/menus.e2e.ts' },
    { name: 'flows', testMatch: '**/*.e2e.ts', testIgnore: '**/menus.e2e.ts' },
  ],
  webServer: {
    command: `node ${path.join(__dirname, '..', '..', 'server', 'dist', 'main.js')}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // MERIDIAN_TEST_CAPTCHA: every captcha answers E2E7, so tests can pass the public registration
    // form. Both test variables are refused in production and outside demo mode.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DB_URL: `sqlite:${path.join(DATA_DIR, 'e2e.sqlite')}`,
      DEMO: 'true',
      MERIDIAN_TEST_CAPTCHA: 'E2E7',
      // Demo users' password hashes at argon2's low test cost (server/src/auth/passwords.ts).
      MERIDIAN_TEST_PASSWORD_COST: 'low',
      // No timers: a catch-up at start would move the demo records the flows start from
      // (server/src/scheduler; the scheduler has tests of its own).
      SCHEDULER: 'off',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
