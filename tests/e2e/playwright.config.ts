import { defineConfig } from '@playwright/test';
import * as os from 'node:os';
import * as path from 'node:path';

// The built app (runtime + API on one port) on a fresh SQLite database with demo data, driven in
// Debian's Chromium: Playwright's own browser download is not reachable from these machines.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `meridian-e2e-${process.pid}`);

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    // form (the server refuses the variable in production and outside demo mode).
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DB_URL: `sqlite:${path.join(DATA_DIR, 'e2e.sqlite')}`,
      DEMO: 'true',
      MERIDIAN_TEST_CAPTCHA: 'E2E7',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
