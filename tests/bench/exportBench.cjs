'use strict';
// npm run bench (or BENCH_ONLY=export npm run bench): exportExcel of 50,000 exchange rates × 20
// columns through the real server (session, menu and button checks, 20000-row list pages, lookup
// meanings, streaming xlsx over HTTP) against exceljs's streaming writer alone on the same rows,
// then a 50,000-row importExcel. Time and peak memory (VmHWM of each process, reset before each
// step) go to docs/benchmarks.md between the bench:export markers. Env: BENCH_EXPORT_ROWS.
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const ExcelJS = require('exceljs');
const load = require('./load.cjs');
const seed = require('./seed.cjs');
const { EXPORT_COLUMNS } = require('./exportColumns.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const ROWS = Number(process.env.BENCH_EXPORT_ROWS || 50000);
const PASSWORD = 'Bench#Pass2026';
const DOC = path.join(ROOT, 'docs', 'benchmarks.md');

function startServer(dbUrl, port) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DB_URL: dbUrl, DEMO: 'false', ADMIN_PASSWORD: PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (/listening on/.test(out)) resolve(child);
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
}

const mb = (kb) => Math.round(kb / 1024);
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) =>
    Number(
      status
        .split('\n')
        .find((l) => l.startsWith(name))
        .replace(/\D+/g, ''),
    );
  return { rssMb: mb(kb('VmRSS:')), peakMb: mb(kb('VmHWM:')) };
}
/** Linux: writing 5 to clear_refs resets VmHWM, so each step's peak is its own. */
const resetPeak = (pid) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** A signed call as the administrator from the exchange-rate menu; the answer streams into a byte counter. */
function call(port, apiPath, headers, body, contentType = 'application/json') {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: apiPath,
        method: 'POST',
        headers: { 'Content-Type': contentType, 'Content-Length': body.length, ...load.signHeaders(), ...headers },
      },
      (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (c) => {
          bytes += c.length;
          if (head.length < 2000) head += c.toString('utf8', 0, Math.min(c.length, 2000));
        });
        res.on('end', () =>
          resolve({ status: res.statusCode, bytes, head, ms: Number(process.hrtime.bigint() - t0) / 1e6 }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function screen(port) {
  const json = async (p, body, headers = {}) =>
    JSON.parse((await load.post(undefined, { port, path: p, headers }, Buffer.from(JSON.stringify(body)))).body).data;
  const login = await json('/api/baseServer/v1/baseLoginRestful/login', { userName: 'admin', password: PASSWORD });
  const session = { certificate: login.certificate, authorizationCode: login.authorizationCode };
  const respId = login.responsibilities[0].responsibilityId;
  const menus = await json(
    '/api/baseServer/v1/baseMenuRestful/findMenuByResp',
    { isValid: true, responsibilityId: respId, menuCode: 'BASE_EXCHANGE_RATE' },
    session,
  );
  return { ...session, respId: String(respId), menuId: String(menus[0].menuId), language: 'EN' };
}

/** 50,000 new rates (dates from 2100 on, clear of the seeded ones) as an upload, written with the streaming writer. */
async function importWorkbook(file, rows) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet('rates');
  sheet.addRow(['From currency', 'To currency', 'Rate type', 'Rate', 'Rate date']).commit();
  for (let i = 0; i < rows; i++) {
    const [from, to, type] = seed.COMBOS[i % seed.COMBOS.length];
    const day = new Date(Date.UTC(2100, 0, 1) + Math.floor(i / seed.COMBOS.length) * 86400000)
      .toISOString()
      .slice(0, 10);
    sheet.addRow([from, to, type, (1 + (i % 997) / 1000).toFixed(4), day]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

function multipart(file) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rates.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, fs.readFileSync(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function measureExport(port, pid, headers, tmp) {
  const body = Buffer.from(
    JSON.stringify({
      requestUrl: '/api/srmServer/v1/srmBaseExchangeRateRestful/listByPage',
      requestParams: '{}',
      columns: JSON.stringify(EXPORT_COLUMNS),
      fileName: 'bench',
      sheetMaxRow: 20001,
    }),
  );
  await call(port, '/api/exportServer/v1/exportExcelRestful/exportExcel', headers, body); // warm-up (JIT, caches)
  const before = memory(pid);
  resetPeak(pid);
  const ours = await call(port, '/api/exportServer/v1/exportExcelRestful/exportExcel', headers, body);
  if (ours.status !== 200) throw new Error(`export answered ${ours.status}: ${ours.head}`);
  const server = memory(pid);
  const out = execFileSync(
    process.execPath,
    [path.join(__dirname, 'exportBaseline.cjs'), path.join(tmp, 'bench.sqlite'), seed.TABLE, 'exchangeRateId'],
    { encoding: 'utf8' },
  );
  return { ours, before, server, baseline: JSON.parse(out.trim().split('\n').pop()) };
}

async function measureImport(port, pid, headers, tmp) {
  const file = path.join(tmp, 'import.xlsx');
  await importWorkbook(file, ROWS);
  const { body, type } = multipart(file);
  const before = memory(pid);
  resetPeak(pid);
  const answer = await call(port, '/api/exportServer/v1/importExcelRestful/importExcel', headers, body, type);
  if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.head}`);
  return { answer, before, server: memory(pid), fileMb: (body.length / 1048576).toFixed(1) };
}

function section(r) {
  const s = (ms) => (ms / 1000).toFixed(2);
  const ratio = r.exp.ours.ms / r.exp.baseline.ms;
  return [
    `Run ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC, ${os.cpus().length} × ${os.cpus()[0].model.trim()}, Node ${process.version}, SQLite, ${ROWS.toLocaleString('en-US')} rows × ${EXPORT_COLUMNS.length} columns.`,
    '',
    '| step | time | peak memory (process) | output |',
    '|---|---|---|---|',
    `| exportExcel through the server (HTTP, checks, 20000-row pages, meanings) | ${s(r.exp.ours.ms)} s | ${r.exp.server.peakMb} MB (server; ${r.exp.before.rssMb} MB before) | ${(r.exp.ours.bytes / 1048576).toFixed(1)} MB xlsx |`,
    `| exceljs streaming WorkbookWriter alone, same rows (better-sqlite3 iterate) | ${s(r.exp.baseline.ms)} s | ${r.exp.baseline.peakRssMb} MB (own process) | ${(r.exp.baseline.bytes / 1048576).toFixed(1)} MB xlsx |`,
    `| importExcel of ${ROWS.toLocaleString('en-US')} new rows (${r.imp.fileMb} MB upload, one transaction) | ${s(r.imp.answer.ms)} s | ${r.imp.server.peakMb} MB (server; ${r.imp.before.rssMb} MB before) | ${JSON.parse(r.imp.answer.head).data.imported.toLocaleString('en-US')} rows imported |`,
    '',
    `Export time ${ratio.toFixed(2)}× the writer alone (goal ≤ 2×): **${ratio <= 2 ? 'met' : 'not met'}**.`,
  ].join('\n');
}

function writeDoc(text) {
  const doc = fs.readFileSync(DOC, 'utf8');
  const start = '<!-- bench:export:start -->';
  const end = '<!-- bench:export:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/benchmarks.md lacks the ${start} … ${end} markers`);
  fs.writeFileSync(DOC, `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`);
}

async function run() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-export-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  let server;
  try {
    server = await startServer(`sqlite:${path.join(tmp, 'bench.sqlite')}`, port);
    const Database = require('better-sqlite3');
    const db = new Database(path.join(tmp, 'bench.sqlite'));
    db.pragma('busy_timeout = 5000');
    seed.seedSqlite(db, ROWS);
    db.close();
    const headers = await screen(port);
    console.log(`[bench] export: ${ROWS} rows seeded; exporting`);
    const exp = await measureExport(port, server.pid, headers, tmp);
    console.log(
      `[bench] export: ours ${exp.ours.ms.toFixed(0)} ms, writer alone ${exp.baseline.ms.toFixed(0)} ms; importing`,
    );
    const imp = await measureImport(port, server.pid, headers, tmp);
    const text = section({ exp, imp });
    console.log(text);
    if (process.env.BENCH_DOC !== '0') writeDoc(text);
  } finally {
    if (server) server.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

module.exports = { run };
if (require.main === module)
  run().catch((e) => {
    console.error(e);
    process.exit(1);
  });
