'use strict';
// npm run bench: listByPage through the Meridian server vs a raw-driver endpoint on the same data.
// Env: BENCH_DB=mysql|sqlite (default both), BENCH_ROWS (default 1,000,000 MariaDB / 100,000 SQLite),
// BENCH_SECONDS (measured per target and scenario, default 10), BENCH_WARMUP (default 3),
// BENCH_CONCURRENCY (default 16), BENCH_LATENCY_SECONDS (c=1 pass, default 4, 0 = off),
// BENCH_MYSQL_URL (server root, default mysql://root@127.0.0.1:3306), BENCH_CPU_PROF=<dir> (profile
// both servers), BENCH_ONLY=<text> (only scenarios whose title contains it; export, grid, initial,
// orders and orderBrowser select those parts alone), BENCH_DOC=0 (no docs),
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');

const ROOT = path.resolve(__dirname, '..', '..');
const env = process.env;
const DBS = env.BENCH_DB ? [env.BENCH_DB] : ['mysql', 'sqlite'];
const SECONDS = Number(env.BENCH_SECONDS || 10);
const WARMUP = Number(env.BENCH_WARMUP || Math.min(3, SECONDS));
const CONCURRENCY = Number(env.BENCH_CONCURRENCY || 16);
const LATENCY_SECONDS = Number(env.BENCH_LATENCY_SECONDS ?? 4);
const MYSQL_ROOT = (env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const DATABASE = 'meridian_bench';
const API_PATH = '/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage';

/** Deep page: offset 50,000 (page 2501 of 20); on tables too small for it, the middle of the table. */
function scenarios(rows) {
  const deep = Math.min(2501, Math.max(51, Math.floor(rows / 40) + 1));
  const all = [
    { title: 'page 1', body: { pageIndex: 1, pageRows: 20 } },
    {
      title: `deep page (${deep} × 20, offset ${((deep - 1) * 20).toLocaleString('en-US')})`,
      body: { pageIndex: deep, pageRows: 20 },
    },
    {
      title: 'filtered (USD→CNY CORPORATE, rateDate desc)',
      body: {
        pageIndex: 1,
        pageRows: 20,
        params: { fromCurrency: 'USD', toCurrency: 'CNY', rateType: 'CORPORATE' },
        orderBy: 'rateDate desc',
      },
    },
  ];
  return all.filter((s) => !env.BENCH_ONLY || s.title.includes(env.BENCH_ONLY));
}

// ---- child processes: every one we start is stopped on exit, error or signal ----
const children = new Set();
function killAll(signal = 'SIGKILL') {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('exit', () => killAll());
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });

/** Starts a node child and resolves once a line matches `ready`; rejects if it dies first. */
function start(name, args, childEnv, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} not ready after 180 s:\n${output}`)), 180000);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => {
      output += c;
      if (/error/i.test(String(c))) process.stderr.write(`[${name}] ${c}`);
    });
    child.on('exit', (code, sig) => {
      children.delete(child);
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? sig}):\n${output}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; waits for the exit (a CPU profile is written on exit). */
function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const BENCH_ADMIN_PASSWORD = 'Bench#Pass2026';

/** Signs in as the administrator the server created and finds the exchange-rate menu: the headers a screen sends. */
async function screenSession(load, port) {
  const call = async (apiPath, body, headers = {}) => {
    const res = await load.post(undefined, { port, path: apiPath, headers }, Buffer.from(JSON.stringify(body)));
    const json = JSON.parse(res.body);
    if (json.code !== 'S') throw new Error(`${apiPath}: ${res.status} ${json.msg}`);
    return json.data;
  };
  const login = await call('/api/baseServer/v1/baseLoginRestful/login', {
    userName: 'admin',
    password: BENCH_ADMIN_PASSWORD,
  });
  const session = { certificate: login.certificate, authorizationCode: login.authorizationCode };
  const respId = login.responsibilities[0].responsibilityId;
  const menus = await call(
    '/api/baseServer/v1/baseMenuRestful/findMenuByResp',
    { isValid: true, responsibilityId: respId, menuCode: 'BASE_EXCHANGE_RATE' },
    session,
  );
  return { ...session, respId: String(respId), menuId: String(menus[0].menuId) };
}

function ensureBuilt() {
  const built = ['server/dist/main.js', 'metadata/dist/appsign.js'].every((f) => fs.existsSync(path.join(ROOT, f)));
  if (built) return;
  console.log('[bench] building metadata and server (dist missing)');
  for (const p of ['metadata/tsconfig.build.json', 'server/tsconfig.build.json'])
    execFileSync('npx', ['tsc', '-p', p], { cwd: ROOT, stdio: 'inherit' });
}

async function startServer(dbUrl) {
  const main = path.join(ROOT, 'server', 'dist', 'main.js');
  const args = env.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        path.resolve(env.BENCH_CPU_PROF),
        '-e',
        `process.on('SIGTERM', () => process.exit(0)); require(${JSON.stringify(main)})`,
      ]
    : [main];
  const port = await freePort();
  const child = await start(
    'server',
    args,
    { PORT: String(port), DB_URL: dbUrl, DEMO: 'false', ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD },
    /listening on/,
  );
  return { child, port };
}

/** Both endpoints must answer every scenario with the same JSON before anything is timed. */
async function checkSameAnswers(load, ours, raw, list) {
  const bytes = [];
  for (const s of list) {
    const payload = Buffer.from(JSON.stringify(s.body));
    const [a, b] = await Promise.all([load.post(undefined, ours, payload), load.post(undefined, raw, payload)]);
    const [ja, jb] = [JSON.parse(a.body), JSON.parse(b.body)];
    if (ja.code !== 'S' || !isDeepStrictEqual(ja, jb)) {
      throw new Error(
        `"${s.title}": the endpoints disagree.\nours: ${a.body.slice(0, 600)}\nraw:  ${b.body.slice(0, 600)}`,
      );
    }
    if (ja.data.length !== s.body.pageRows)
      throw new Error(`"${s.title}": expected ${s.body.pageRows} rows, got ${ja.data.length}`);
    bytes.push({ ours: Buffer.byteLength(a.body), raw: Buffer.byteLength(b.body), page: ja.page });
  }
  return bytes;
}

/** Warm-up for both, then ours/raw/raw/ours halves so drift and cache state hit both alike. */
async function measure(load, ours, raw, body, seconds, warmup, concurrency) {
  const opts = { concurrency, seconds: seconds / 2 };
  if (warmup > 0) for (const t of [ours, raw]) await load.runLoad(t, body, { concurrency, seconds: warmup });
  const runs = { ours: [], raw: [] };
  for (const who of ['ours', 'raw', 'raw', 'ours'])
    runs[who].push(await load.runLoad(who === 'ours' ? ours : raw, body, opts));
  return { ours: load.summarise(runs.ours), raw: load.summarise(runs.raw) };
}

async function benchOne(db) {
  const load = require('./load.cjs');
  const seed = require('./seed.cjs');
  const rows = Number(env.BENCH_ROWS || (db === 'mysql' ? 1000000 : 100000));
  let dbUrl;
  let dbVersion;
  let seedDb;
  let tmp;
  if (db === 'mysql') {
    const mysql = require('mysql2/promise');
    const admin = await mysql.createConnection(MYSQL_ROOT);
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.query(`CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    dbVersion = `MariaDB/MySQL ${(await admin.query('SELECT VERSION() AS v'))[0][0].v}`;
    await admin.end();
    dbUrl = `${MYSQL_ROOT}/${DATABASE}`;
  } else {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
    dbUrl = `sqlite:${path.join(tmp, 'bench.sqlite')}`;
  }
  const load0 = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  try {
    console.log(`[bench] ${db}: starting server`);
    const server = await startServer(dbUrl);
    console.log(`[bench] ${db}: seeding ${rows.toLocaleString('en-US')} rows`);
    const t0 = Date.now();
    const log = (m) => console.log(`[bench] ${db}: ${m}`);
    if (db === 'mysql') {
      seedDb = await require('mysql2/promise').createConnection(dbUrl);
      await seed.seedMysql(seedDb, rows, { log });
      await seedDb.end();
    } else {
      const Database = require('better-sqlite3');
      seedDb = new Database(dbUrl.slice('sqlite:'.length));
      seedDb.pragma('busy_timeout = 5000');
      seed.seedSqlite(seedDb, rows, { log });
      dbVersion = `SQLite ${seedDb.prepare('SELECT sqlite_version() AS v').get().v} (better-sqlite3, WAL)`;
      seedDb.close();
    }
    const seedSeconds = (Date.now() - t0) / 1000;
    const rawPort = await freePort();
    const prof = env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(env.BENCH_CPU_PROF)] : [];
    const rawChild = await start(
      'raw',
      [...prof, path.join(__dirname, 'rawServer.cjs')],
      { PORT: String(rawPort), RAW_DB_URL: dbUrl },
      /listening on/,
    );
    // Ours is called as a signed-in administrator from the exchange-rate menu, like the runtime does:
    // the session, responsibility and menu checks are part of what is measured.
    const ours = { port: server.port, path: API_PATH, headers: await screenSession(load, server.port) };
    const raw = { port: rawPort, path: API_PATH };
    const list = scenarios(rows);
    const bytes = await checkSameAnswers(load, ours, raw, list);
    const results = [];
    const latency = [];
    for (const [i, s] of list.entries()) {
      console.log(
        `[bench] ${db}: ${s.title} (count ${bytes[i].page.count}${bytes[i].page.countExact ? '' : ', capped'})`,
      );
      results.push({
        title: s.title,
        bytes: bytes[i],
        ...(await measure(load, ours, raw, s.body, SECONDS, WARMUP, CONCURRENCY)),
      });
      if (LATENCY_SECONDS > 0)
        latency.push({ title: s.title, ...(await measure(load, ours, raw, s.body, LATENCY_SECONDS, 1, 1)) });
    }
    await stop(rawChild);
    await stop(server.child);
    const report = require('./report.cjs');
    return {
      db,
      rows,
      date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
      seconds: SECONDS,
      warmup: WARMUP,
      concurrency: CONCURRENCY,
      latencySeconds: LATENCY_SECONDS,
      seedSeconds,
      machine: report.machine(dbVersion),
      load: {
        start: load0,
        end: os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(' '),
      },
      results,
      latency,
    };
  } finally {
    killAll();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuilt();
  const report = require('./report.cjs');
  const runs = [];
  // BENCH_ONLY=export: only the Excel export/import part (tests/bench/exportBench.cjs).
  if (env.BENCH_ONLY === 'export') return require('./exportBench.cjs').run();
  // BENCH_ONLY=grid: only the 500-row grid render in Chromium (tests/bench/gridRender.cjs).
  if (env.BENCH_ONLY === 'grid') return require('./gridRender.cjs').run();
  // BENCH_ONLY=initial: only the app's first load in Chromium (tests/bench/initialLoad.cjs).
  if (env.BENCH_ONLY === 'initial') return require('./initialLoad.cjs').run();
  // BENCH_ONLY=orders: only the purchase-order part (tests/bench/orders.cjs, then orderBrowser.cjs);
  // BENCH_ONLY=orderBrowser: only the 2,000-line order edited in Chromium.
  if (env.BENCH_ONLY === 'orders') {
    await require('./orders.cjs').run();
    return require('./orderBrowser.cjs').run();
  }
  if (env.BENCH_ONLY === 'orderBrowser') return require('./orderBrowser.cjs').run();
  for (const db of DBS) {
    if (db !== 'mysql' && db !== 'sqlite') throw new Error(`BENCH_DB must be mysql or sqlite (got "${db}")`);
    const run = await benchOne(db);
    report.print(run);
    runs.push(run);
  }
  if (env.BENCH_DOC !== '0') console.log(`[bench] wrote ${path.relative(ROOT, report.writeDoc(runs))}`);
  if (!env.BENCH_ONLY) await require('./exportBench.cjs').run();
  if (!env.BENCH_ONLY) await require('./gridRender.cjs').run();
  if (!env.BENCH_ONLY) await require('./initialLoad.cjs').run();
  if (!env.BENCH_ONLY) await require('./orders.cjs').run();
  if (!env.BENCH_ONLY) await require('./orderBrowser.cjs').run();
}

main().catch((e) => {
  console.error(`[bench] failed: ${e.stack || e}`);
  killAll();
  process.exit(1);
});
