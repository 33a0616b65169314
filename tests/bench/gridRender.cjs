'use strict';
/* global window -- the callbacks handed to page.evaluate run in the browser */
// npm run bench (or BENCH_ONLY=grid npm run bench): time from data to painted rows of a 500-row
// grid in Chromium (playwright-core, /usr/bin/chromium), the runtime's DataGrid (virtual rows,
// lookup meanings, number formats, resizable headers) against a plain antd Table of the same rows
// and columns (meanings and formats inline; all 500 rows in the DOM) and a plain antd Table with
// `virtual`. The page (tests/bench/gridHarness) is built with Vite into a temporary directory.
// Median of BENCH_GRID_RUNS (default 15) after 3 warm-ups; results go to docs/benchmarks.md between
// the bench:grid markers. Env: CHROMIUM_PATH, BENCH_GRID_RUNS.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const HARNESS = path.join(__dirname, 'gridHarness');
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');
const RUNS = Number(process.env.BENCH_GRID_RUNS || 15);
const WARMUPS = 3;
/** A lookup meaning of the 4th row: present once rows are painted and lookups translated. */
const PAINTED_TEXT = '已驳回';
const KINDS = [
  { kind: 'dataGrid', title: 'Meridian DataGrid (virtual rows, meanings via lookup cache, resizable headers)' },
  { kind: 'plainTable', title: 'plain antd Table, all 500 rows in the DOM (scroll.y 500)' },
  { kind: 'plainVirtual', title: 'plain antd Table with `virtual` (scroll.y 500)' },
];

async function buildHarness(outDir) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  await build({
    root: HARNESS,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@meridian/metadata': path.join(ROOT, 'metadata', 'src', 'index.ts') } },
    build: { outDir, emptyOutDir: true },
  });
}

function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const file = path.join(
      dir,
      decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html',
    );
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function measure(page, kind) {
  for (let i = 0; i < WARMUPS; i++) await page.evaluate(([k, t]) => window.__render(k, t), [kind, PAINTED_TEXT]);
  const times = [];
  for (let i = 0; i < RUNS; i++)
    times.push(await page.evaluate(([k, t]) => window.__render(k, t), [kind, PAINTED_TEXT]));
  const domRows = await page.evaluate(() => window.__rowCount());
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), domRows };
}

function writeDoc(results) {
  const text = fs.readFileSync(DOC, 'utf8');
  const start = '<!-- bench:grid:start -->';
  const end = '<!-- bench:grid:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/benchmarks.md lacks the ${start} … ${end} markers`);
  const [grid, plain, virtual] = results;
  const row = (r) =>
    `| ${r.title} | ${r.median.toFixed(1)} ms | ${r.min.toFixed(1)}–${r.max.toFixed(1)} ms | ${r.domRows} |`;
  const body = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${os.cpus()[0].model.split(' ').slice(0, 2).join(' ')}, Chromium headless, 500 rows × 10 columns, median of ${RUNS} after ${WARMUPS} warm-ups.`,
    '',
    '| grid | data → painted rows (median) | range | rows in the DOM |',
    '|---|---|---|---|',
    ...results.map(row),
    '',
    `DataGrid / plain antd Table: **${(grid.median / plain.median).toFixed(2)}×**; DataGrid / plain antd Table with virtual: **${(grid.median / virtual.median).toFixed(2)}×**.`,
  ].join('\n');
  fs.writeFileSync(DOC, `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`);
}

async function run() {
  const { chromium } = require('playwright-core');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-grid-bench-'));
  const server = await buildHarness(outDir).then(() => serve(outDir));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => typeof window.__render === 'function');
    const results = [];
    for (const { kind, title } of KINDS) {
      const result = { title, ...(await measure(page, kind)) };
      console.log(`[bench:grid] ${title}: median ${result.median.toFixed(1)} ms (${result.domRows} rows in the DOM)`);
      results.push(result);
    }
    if (process.env.BENCH_DOC !== '0') writeDoc(results);
    return results;
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

module.exports = { run };
if (require.main === module)
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
