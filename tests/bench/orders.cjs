'use strict';
// Purchase orders (issue 15), on MariaDB and SQLite — BENCH_ONLY=orders npm run bench:
//  1. a 500-line order saved (srmPurOrderHeaderRestful/saveOrUpdate) and submitted (doSubmit) over
//     HTTP as buyer01, median of BENCH_ORDER_RUNS; in the same run the raw driver inserts the same
//     header + 500 lines in one transaction and sets the status in a second one: the ratio;
//  2. page 1 of listByPage as buyer01 (row scope: plants of the buyer's permits) on BENCH_ORDERS
//     seeded orders vs tests/bench/orderRawServer.cjs (same SQL), as the exchange-rate bench does.
// The server runs on demo data (users, suppliers, materials) with the orders seeded through the
// driver (tests/bench/orderSeed.cjs). Env: BENCH_DB, BENCH_ORDERS (100,000), BENCH_ORDER_LINES
// (500), BENCH_ORDER_RUNS (7), BENCH_SECONDS, BENCH_WARMUP, BENCH_CONCURRENCY,
// BENCH_LATENCY_SECONDS, BENCH_MYSQL_URL (database meridian_bench_orders), BENCH_CPU_PROF, BENCH_DOC.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');
const env = process.env;
const DATABASE = 'meridian_bench_orders';
const MYSQL_ROOT = (env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const ORDERS = Number(env.BENCH_ORDERS || 100000);
const LINES = Number(env.BENCH_ORDER_LINES || 500);
const RUNS = Number(env.BENCH_ORDER_RUNS || 7);
const SECONDS = Number(env.BENCH_SECONDS || 10);
const WARMUP = Number(env.BENCH_WARMUP || Math.min(3, SECONDS));
const CONCURRENCY = Number(env.BENCH_CONCURRENCY || 16);
const LATENCY_SECONDS = Number(env.BENCH_LATENCY_SECONDS ?? 4);
const API = '/api/srmServer/v1/srmPurOrderHeaderRestful';
const DEMO_PASSWORD = 'Meridian#2026';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const children = new Set();
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(name, args, childEnv, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} not ready after 300 s:\n${output.slice(-3000)}`)), 300000);
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
      reject(new Error(`${name} exited (${code ?? sig}):\n${output.slice(-3000)}`));
    });
  });
}

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

function profArgs(script) {
  if (!env.BENCH_CPU_PROF) return [script];
  return [
    '--cpu-prof',
    '--cpu-prof-dir',
    path.resolve(env.BENCH_CPU_PROF),
    '-e',
    `process.on('SIGTERM', () => process.exit(0)); require(${JSON.stringify(script)})`,
  ];
}

/** A call through the API; throws unless the answer is code S. */
async function call(load, port, apiPath, body, headers = {}) {
  const res = await load.post(undefined, { port, path: apiPath, headers }, Buffer.from(JSON.stringify(body)));
  const json = JSON.parse(res.body);
  if (json.code !== 'S') throw new Error(`${apiPath}: ${res.status} ${res.body.slice(0, 500)}`);
  return json.data;
}

/** buyer01 signed in, calling from the purchase order menu (the headers the runtime sends). */
async function buyerSession(load, port) {
  const login = await call(load, port, '/api/baseServer/v1/baseLoginRestful/login', {
    userName: 'buyer01',
    password: DEMO_PASSWORD,
  });
  const session = { certificate: login.certificate, authorizationCode: login.authorizationCode };
  const respId = login.responsibilities[0].responsibilityId;
  const menus = await call(
    load,
    port,
    '/api/baseServer/v1/baseMenuRestful/findMenuByResp',
    { isValid: true, responsibilityId: respId, menuCode: 'PUR_ORDER' },
    session,
  );
  return { ...session, respId: String(respId), menuId: String(menus[0].menuId) };
}

/** A draft order of `lines` lines as the edit page sends it (demo materials 1–7, plant 5). */
function orderBody(lines, tag) {
  // The supplier trade gate (server/src/srm/supplier/gate) lets supplier 1 (S100001) be ordered only
  // the items of the category it is qualified for (seeds/demo/40c-supplier-categories.json: category 2).
  const items = require('./orderSeed.cjs').ITEMS.filter((item) => item[3] === 2);
  return {
    poType: 'STANDARD',
    supplierId: 1,
    orgId: 2,
    invOrgId: 5,
    buyerId: 2,
    orderDate: '2026-11-26',
    currencyCode: 'CNY',
    exchangeRate: '1',
    shipToAddress: `bench ${tag}`,
    lines: Array.from({ length: lines }, (_, i) => {
      const item = items[i % items.length];
      return {
        lineNum: i + 1,
        itemId: item[0],
        uomCode: 'PCS',
        quantity: String(100 + (i % 37) * 10),
        unitPriceExcl: (item[4] / 10000).toFixed(4),
        taxRate: '0.1300',
        needByDate: '2026-12-20',
      };
    }),
  };
}

// ---- 1. save + submit of a 500-line order: ours over HTTP, raw through the driver ----

/** Raw equivalent: header + lines inserted row by row in one transaction (amounts computed here), then the status set. */
function rawWriter(db, dbUrl) {
  const { ITEMS, HEADER_COLUMNS, LINE_COLUMNS } = require('./orderSeed.cjs');
  const item = new Map(ITEMS.map((it) => [it[0], it]));
  let n = 0;
  const rows = (body) => {
    n += 1;
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    let excl = 0;
    let incl = 0;
    const lines = body.lines.map((l) => {
      const it = item.get(l.itemId);
      const price = Math.round(Number(l.unitPriceExcl) * 10000);
      const amountExcl = Math.round((Number(l.quantity) * price) / 100);
      const amountIncl = amountExcl + Math.round((amountExcl * 13) / 100);
      excl += amountExcl;
      incl += amountIncl;
      return [
        null,
        null,
        l.lineNum,
        it[0],
        it[1],
        it[2],
        it[3],
        l.uomCode,
        l.quantity,
        l.unitPriceExcl,
        l.taxRate,
        ((price * 113) / 1000000).toFixed(6),
        (amountExcl / 100).toFixed(2),
        (amountIncl / 100).toFixed(2),
        l.needByDate,
        '0',
        '0',
        '0',
        '0',
        'OPEN',
        2,
        now,
        2,
        now,
        1,
      ];
    });
    const header = [
      null,
      `RAW${String(Date.now()).slice(-8)}${String(n).padStart(4, '0')}`,
      body.poType,
      body.supplierId,
      body.orgId,
      body.invOrgId,
      body.buyerId,
      body.orderDate,
      body.currencyCode,
      body.exchangeRate,
      (excl / 100).toFixed(2),
      ((incl - excl) / 100).toFixed(2),
      (incl / 100).toFixed(2),
      body.shipToAddress,
      'DRAFT',
      null,
      0,
      null,
      'MANUAL',
      null,
      null,
      null,
      null,
      2,
      now,
      2,
      now,
      1,
    ];
    return { header, lines };
  };
  const hCols = HEADER_COLUMNS.slice(1);
  const lCols = LINE_COLUMNS.slice(1);
  if (dbUrl.startsWith('sqlite:')) {
    const insert = (table, cols) =>
      db.prepare(
        `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(',')})`,
      );
    const h = insert('srm_pur_order_header', hCols);
    const l = insert('srm_pur_order_line', lCols);
    const lock = db.prepare('SELECT status FROM srm_pur_order_header WHERE order_header_id = ?');
    const count = db.prepare('SELECT COUNT(*) AS n FROM srm_pur_order_line WHERE order_header_id = ?');
    const submit = db.prepare(
      "UPDATE srm_pur_order_header SET status = 'SUBMITTED', submitted_by = 2, submit_date = ?, version_num = version_num + 1 WHERE order_header_id = ?",
    );
    const save = db.transaction((r) => {
      const id = Number(h.run(r.header.slice(1)).lastInsertRowid);
      for (const line of r.lines) l.run([id, ...line.slice(2)]);
      return id;
    });
    const doSubmit = db.transaction((id) => {
      if (lock.get(id).status !== 'DRAFT' || !count.get(id).n) throw new Error('raw submit refused');
      submit.run([new Date().toISOString().slice(0, 19).replace('T', ' '), id]);
    });
    return {
      save: async (body) => save(rows(body)),
      submit: async (id) => doSubmit(id),
    };
  }
  const ph = (cols) => `(${cols.map(() => '?').join(',')})`;
  const hSql = `INSERT INTO srm_pur_order_header (${hCols.join(', ')}) VALUES ${ph(hCols)}`;
  const lSql = `INSERT INTO srm_pur_order_line (${lCols.join(', ')}) VALUES ${ph(lCols)}`;
  return {
    save: async (body) => {
      const r = rows(body);
      await db.beginTransaction();
      try {
        const [res] = await db.execute(hSql, r.header.slice(1));
        for (const line of r.lines) await db.execute(lSql, [res.insertId, ...line.slice(2)]);
        await db.commit();
        return res.insertId;
      } catch (e) {
        await db.rollback();
        throw e;
      }
    },
    submit: async (id) => {
      await db.beginTransaction();
      try {
        const [[h]] = await db.execute('SELECT status FROM srm_pur_order_header WHERE order_header_id = ? FOR UPDATE', [
          id,
        ]);
        const [[c]] = await db.execute('SELECT COUNT(*) AS n FROM srm_pur_order_line WHERE order_header_id = ?', [id]);
        if (h.status !== 'DRAFT' || !Number(c.n)) throw new Error('raw submit refused');
        await db.execute(
          "UPDATE srm_pur_order_header SET status = 'SUBMITTED', submitted_by = 2, submit_date = NOW(), version_num = version_num + 1 WHERE order_header_id = ?",
          [id],
        );
        await db.commit();
      } catch (e) {
        await db.rollback();
        throw e;
      }
    },
  };
}

async function timeIt(fn) {
  const t0 = process.hrtime.bigint();
  const out = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, out };
}

/** One warm-up, then RUNS rounds of ours and raw alternating (ours first in odd rounds, raw first in even ones). */
async function saveSubmit(load, port, headers, raw, log) {
  const oursOnce = async (tag) => {
    const save = await timeIt(() => call(load, port, `${API}/saveOrUpdate`, orderBody(LINES, tag), headers));
    const id = save.out.orderHeaderId;
    if ((save.out.lines || []).length !== LINES) throw new Error(`saved ${save.out.lines?.length} lines, not ${LINES}`);
    const submit = await timeIt(() => call(load, port, `${API}/doSubmit`, { id }, headers));
    return { save: save.ms, submit: submit.ms };
  };
  const rawOnce = async (tag) => {
    const save = await timeIt(() => raw.save(orderBody(LINES, tag)));
    const submit = await timeIt(() => raw.submit(save.out));
    return { save: save.ms, submit: submit.ms };
  };
  await oursOnce('warm-up');
  await rawOnce('warm-up');
  const ours = [];
  const rawRuns = [];
  for (let i = 0; i < RUNS; i++) {
    const pair = i % 2 ? [rawOnce, oursOnce] : [oursOnce, rawOnce];
    const [a, b] = [await pair[0](`run ${i}`), await pair[1](`run ${i}`)];
    (i % 2 ? rawRuns : ours).push(a);
    (i % 2 ? ours : rawRuns).push(b);
    log(
      `save+submit run ${i + 1}/${RUNS}: ours ${(ours.at(-1).save + ours.at(-1).submit).toFixed(0)} ms, raw ${(rawRuns.at(-1).save + rawRuns.at(-1).submit).toFixed(0)} ms`,
    );
  }
  const sum = (runs) => ({
    save: median(runs.map((r) => r.save)),
    submit: median(runs.map((r) => r.submit)),
    total: median(runs.map((r) => r.save + r.submit)),
    min: Math.min(...runs.map((r) => r.save + r.submit)),
    max: Math.max(...runs.map((r) => r.save + r.submit)),
  });
  return { ours: sum(ours), raw: sum(rawRuns) };
}

// ---- 2. the order list on many orders ----

async function measureList(load, ours, raw, body, seconds, warmup, concurrency) {
  const opts = { concurrency, seconds: seconds / 2 };
  if (warmup > 0) for (const t of [ours, raw]) await load.runLoad(t, body, { concurrency, seconds: warmup });
  const runs = { ours: [], raw: [] };
  for (const who of ['ours', 'raw', 'raw', 'ours'])
    runs[who].push(await load.runLoad(who === 'ours' ? ours : raw, body, opts));
  return { ours: load.summarise(runs.ours), raw: load.summarise(runs.raw) };
}

async function benchOne(db) {
  const load = require('./load.cjs');
  const seed = require('./orderSeed.cjs');
  const log = (m) => console.log(`[bench] orders ${db}: ${m}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-orders-'));
  let dbUrl;
  let dbVersion;
  if (db === 'mysql') {
    const mysql = require('mysql2/promise');
    const admin = await mysql.createConnection(MYSQL_ROOT);
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await admin.query(`CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    dbVersion = `MariaDB ${(await admin.query('SELECT VERSION() AS v'))[0][0].v}`;
    await admin.end();
    dbUrl = `${MYSQL_ROOT}/${DATABASE}`;
  } else {
    dbUrl = `sqlite:${path.join(dataDir, 'orders.sqlite')}`;
  }
  const handles = [];
  try {
    log('starting the server (demo data)');
    const port = await freePort();
    const server = await start(
      'server',
      profArgs(path.join(ROOT, 'server', 'dist', 'main.js')),
      { PORT: String(port), DB_URL: dbUrl, DEMO: 'true', DATA_DIR: dataDir },
      /listening on/,
    );
    handles.push(server);
    const t0 = Date.now();
    let driver;
    if (db === 'mysql') {
      driver = await require('mysql2/promise').createConnection({
        uri: dbUrl,
        dateStrings: true,
        supportBigNumbers: true,
      });
      await seed.seedMysql(driver, ORDERS, { log });
    } else {
      const Database = require('better-sqlite3');
      driver = new Database(dbUrl.slice('sqlite:'.length));
      driver.pragma('busy_timeout = 5000');
      seed.seedSqlite(driver, ORDERS, { log });
      dbVersion = `SQLite ${driver.prepare('SELECT sqlite_version() AS v').get().v} (better-sqlite3, WAL)`;
    }
    const seedSeconds = (Date.now() - t0) / 1000;
    const headers = await buyerSession(load, port);

    log(`save + submit of ${LINES} lines, ${RUNS} runs`);
    const write = await saveSubmit(load, port, headers, rawWriter(driver, dbUrl), log);
    if (db === 'mysql') await driver.end();
    else driver.close();

    const rawPort = await freePort();
    const rawChild = await start(
      'raw',
      profArgs(path.join(__dirname, 'orderRawServer.cjs')),
      { PORT: String(rawPort), RAW_DB_URL: dbUrl, RAW_USER_ID: '2' },
      /listening on/,
    );
    handles.push(rawChild);
    const ours = { port, path: `${API}/listByPage`, headers };
    const raw = { port: rawPort, path: `${API}/listByPage` };
    const body = { pageIndex: 1, pageRows: 20 };
    const payload = Buffer.from(JSON.stringify(body));
    const [a, b] = await Promise.all([load.post(undefined, ours, payload), load.post(undefined, raw, payload)]);
    const [ja, jb] = [JSON.parse(a.body), JSON.parse(b.body)];
    if (ja.code !== 'S' || !isDeepStrictEqual(ja, jb))
      throw new Error(
        `order list: the endpoints disagree.\nours: ${a.body.slice(0, 1500)}\nraw:  ${b.body.slice(0, 1500)}`,
      );
    if (ja.data.length !== 20) throw new Error(`order list: ${ja.data.length} rows`);
    log(`list page 1 as buyer01 (count ${ja.page.count}${ja.page.countExact ? '' : ', capped'})`);
    const list = await measureList(load, ours, raw, body, SECONDS, WARMUP, CONCURRENCY);
    const latency = LATENCY_SECONDS > 0 ? await measureList(load, ours, raw, body, LATENCY_SECONDS, 1, 1) : undefined;
    await stop(rawChild);
    await stop(server);
    const report = require('./report.cjs');
    return {
      db,
      date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
      machine: report.machine(dbVersion),
      seedSeconds,
      write,
      list,
      latency,
      bytes: { ours: Buffer.byteLength(a.body), raw: Buffer.byteLength(b.body) },
      page: ja.page,
      load: os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' '),
    };
  } finally {
    for (const h of handles) await stop(h);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const f1 = (v) => v.toFixed(1);
const f0 = (v) => v.toFixed(0);

function section(run) {
  const { verdicts } = require('./report.cjs');
  const w = run.write;
  const m = run.machine;
  const name = run.db === 'mysql' ? 'MariaDB' : 'SQLite';
  const row = (label, r) => {
    const v = verdicts(r.ours, r.raw);
    return `| ${label} | ${f1(r.ours.rps)} | ${f1(r.raw.rps)} | ${v.ratio.toFixed(2)} ${v.ratioOk ? '✅' : '❌'} | ${r.ours.p50.toFixed(2)} | ${r.raw.p50.toFixed(2)} | ${v.p50Delta >= 0 ? '+' : ''}${v.p50Delta.toFixed(2)} ${v.p50Ok ? '✅' : '❌'} | ${r.ours.p99.toFixed(2)} | ${r.raw.p99.toFixed(2)} |`;
  };
  const errors = [run.list, run.latency].filter(Boolean).reduce((s, r) => s + r.ours.errors + r.raw.errors, 0);
  return [
    `### ${name}: ${ORDERS.toLocaleString('en-US')} orders`,
    '',
    `Run ${run.date} · seed ${run.seedSeconds.toFixed(0)} s · load average at end ${run.load} · ${m.cpu}, Node ${m.node}, ${m.db}. Code: ${m.code}.`,
    '',
    `**${LINES}-line order, saved and submitted as buyer01** (median of ${RUNS} after 1 warm-up; target < 2 s):`,
    '',
    '| | saveOrUpdate ms | doSubmit ms | save + submit ms (range) |',
    '|---|---:|---:|---:|',
    `| ours (HTTP, as buyer01) | ${f0(w.ours.save)} | ${f0(w.ours.submit)} | **${f0(w.ours.total)}** (${f0(w.ours.min)}–${f0(w.ours.max)}) ${w.ours.total < 2000 ? '✅' : '❌'} |`,
    `| raw driver (same rows, one transaction each) | ${f0(w.raw.save)} | ${f0(w.raw.submit)} | ${f0(w.raw.total)} (${f0(w.raw.min)}–${f0(w.raw.max)}) |`,
    '',
    `Ours / raw: **${(w.ours.total / w.raw.total).toFixed(1)}×** the time (save ${(w.ours.save / w.raw.save).toFixed(1)}×, submit ${(w.ours.submit / w.raw.submit).toFixed(1)}×).`,
    '',
    `**Order list, page 1 of 20 as buyer01** (row scope \`invOrgId IN (permitted plants)\`, count ${run.page.count}${run.page.countExact ? '' : ' capped'}; ${SECONDS} s per target in ABBA halves after ${WARMUP} s warm-up; ${errors} failed requests; ${run.bytes.ours} / ${run.bytes.raw} bytes):`,
    '',
    '| | ours req/s | raw req/s | ratio (≥ 0.7) | ours p50 ms | raw p50 ms | Δp50 (≤ +2 ms) | ours p99 ms | raw p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(`c=${CONCURRENCY}`, run.list),
    ...(run.latency ? [row('c=1', run.latency)] : []),
  ].join('\n');
}

function writeDoc(runs) {
  let text = fs.readFileSync(DOC, 'utf8');
  for (const run of runs) {
    const startMark = `<!-- bench:orders:${run.db}:start -->`;
    const endMark = `<!-- bench:orders:${run.db}:end -->`;
    const block = `${startMark}\n${section(run)}\n${endMark}`;
    const a = text.indexOf(startMark);
    const b = text.indexOf(endMark);
    text =
      a >= 0 && b > a ? text.slice(0, a) + block + text.slice(b + endMark.length) : `${text.trimEnd()}\n\n${block}\n`;
  }
  fs.writeFileSync(DOC, text);
}

async function run() {
  const dbs = env.BENCH_DB ? [env.BENCH_DB] : ['mysql', 'sqlite'];
  const runs = [];
  for (const db of dbs) {
    if (db !== 'mysql' && db !== 'sqlite') throw new Error(`BENCH_DB must be mysql or sqlite (got "${db}")`);
    const r = await benchOne(db);
    console.log(`\n${section(r)}\n`);
    runs.push(r);
  }
  if (env.BENCH_DOC !== '0') writeDoc(runs);
  return runs;
}

module.exports = { run, orderBody, buyerSession, call };
if (require.main === module)
  run().catch((e) => {
    console.error(`[bench] orders failed: ${e.stack || e}`);
    process.exit(1);
  });
