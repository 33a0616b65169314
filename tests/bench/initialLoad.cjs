'use strict';
// npm run bench (or BENCH_ONLY=initial npm run bench): the built app's first load in Chromium
// (playwright-core, /usr/bin/chromium) from the real server (server/dist/main.js, demo data on a
// temporary SQLite file): JavaScript of the login page as transferred (compressed) and as decoded,
// first contentful paint, and sign-in → home (button click to the home greeting). A fresh browser
// context each run (empty cache), median of BENCH_INITIAL_RUNS (default 7) after 1 warm-up;
// results go to docs/benchmarks.md between the bench:initial markers. Env: CHROMIUM_PATH.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');
const RUNS = Number(process.env.BENCH_INITIAL_RUNS || 7);
/** A person takes longer than this to type a password. */
const TYPING_MS = 1000;
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startServer() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-initial-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DB_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
      DEMO: 'true',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return {
          base,
          stop: () => {
            child.kill();
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * One cold load of the login page, then sign-in as buyer01 to the home greeting. The script fills
 * the form in milliseconds; `typingMs` pauses before the click as a person typing would, which
 * lets the shell chunk the login page fetches once typing starts (app/shellLoader.ts) arrive.
 */
async function measureOnce(browser, base, typingMs) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${base}/#/login`, { waitUntil: 'networkidle' });
  const load = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      files: scripts.length,
      transfer: scripts.reduce((s, r) => s + r.transferSize, 0),
      decoded: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
      fcp: fcp ? fcp.startTime : NaN,
    };
  });
  await page.getByLabel('用户名').fill('buyer01');
  await page.getByLabel('密码').fill('Meridian#2026');
  if (typingMs) await page.waitForTimeout(typingMs);
  const started = Date.now();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByText('您好', { exact: false }).first().waitFor({ timeout: 30000 });
  const signIn = Date.now() - started;
  await context.close();
  return { ...load, signIn };
}

function writeDoc(result) {
  const start = '<!-- bench:initial:start -->';
  const end = '<!-- bench:initial:end -->';
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  const body = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0].model.split(' ').slice(0, 2).join(' ')}, Chromium headless, loopback, empty cache, median of ${result.runs.length} after 1 warm-up.`,
    '',
    '| login page | value |',
    '|---|---|',
    `| JavaScript files | ${result.files} |`,
    `| JavaScript transferred (compressed) | ${kb(result.transfer)} |`,
    `| JavaScript decoded | ${kb(result.decoded)} |`,
    `| first contentful paint | ${result.fcp.toFixed(0)} ms |`,
    `| sign-in → home greeting, clicked at once | ${result.signIn} ms |`,
    `| sign-in → home greeting, clicked ${TYPING_MS} ms after typing | ${result.signInTyped} ms |`,
  ].join('\n');
  const text = fs.readFileSync(DOC, 'utf8');
  const block = `${start}\n${body}\n${end}`;
  fs.writeFileSync(
    DOC,
    text.includes(start)
      ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
      : `${text.trimEnd()}\n\n${block}\n`,
  );
}

async function run() {
  const { chromium } = require('playwright-core');
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    await measureOnce(browser, server.base, 0);
    const runs = [];
    const typed = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await measureOnce(browser, server.base, 0));
      typed.push(await measureOnce(browser, server.base, TYPING_MS));
    }
    const result = {
      runs,
      files: runs[0].files,
      transfer: median(runs.map((r) => r.transfer)),
      decoded: median(runs.map((r) => r.decoded)),
      fcp: median(runs.map((r) => r.fcp)),
      signIn: median(runs.map((r) => r.signIn)),
      signInTyped: median(typed.map((r) => r.signIn)),
    };
    console.log(
      `[bench] initial load: ${result.files} JS files, ${(result.transfer / 1024).toFixed(0)} KB transferred / ${(result.decoded / 1024).toFixed(0)} KB decoded, FCP ${result.fcp.toFixed(0)} ms, sign-in → home ${result.signIn} ms (after typing: ${result.signInTyped} ms)`,
    );
    if (process.env.BENCH_DOC !== '0') writeDoc(result);
    return result;
  } finally {
    await browser.close();
    server.stop();
  }
}

module.exports = { run };
if (require.main === module)
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
