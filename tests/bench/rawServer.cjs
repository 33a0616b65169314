'use strict';
// The baseline: a plain node:http server that answers listByPage for srm_base_exchange_rate with the
// raw driver (mysql2/promise pool, or better-sqlite3), doing the same SQL work as the server's
// ResourceReader.list: the same page query (deferred join from offset 1000 on), the same capped count
// run in parallel, the same table estimate when the count hits the cap, and the same JSON envelope.
// It skips what makes up a framework: appsign check, routing, metadata, validation beyond the basics.
// Usage: RAW_DB_URL=mysql://…|sqlite:/file PORT=n node rawServer.cjs
const http = require('node:http');

const TABLE = 'srm_base_exchange_rate';
const PK = 'exchange_rate_id';
// Field name → column, in the server's SELECT order (the entity's readable fields).
const FIELDS = [
  ['exchangeRateId', 'exchange_rate_id'],
  ['fromCurrency', 'from_currency'],
  ['toCurrency', 'to_currency'],
  ['rateType', 'rate_type'],
  ['rate', 'rate'],
  ['rateDate', 'rate_date'],
  ['validFrom', 'valid_from'],
  ['validTo', 'valid_to'],
  ['status', 'status'],
  ['createdBy', 'created_by'],
  ['creationDate', 'creation_date'],
  ['lastUpdatedBy', 'last_updated_by'],
  ['lastUpdateDate', 'last_update_date'],
  ['versionNum', 'version_num'],
];
const COLUMN = new Map(FIELDS);
const COUNT_CAP = 10000;
const DEFERRED_JOIN_OFFSET = 1000;

const url = process.env.RAW_DB_URL || '';
const sqlite = url.startsWith('sqlite:');
const q = sqlite ? (id) => `"${id}"` : (id) => `\`${id}\``;
const columns = FIELDS.map(([f, c]) => `t.${q(c)} AS ${q(f)}`).join(', ');

let select; // (sql, params) => Promise<rows>
if (sqlite) {
  const Database = require('better-sqlite3');
  const db = new Database(url.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const statements = new Map(); // prepared once per SQL text, as TypeORM's statement cache does
  select = async (sql, params) => {
    let st = statements.get(sql);
    if (!st) statements.set(sql, (st = db.prepare(sql)));
    return st.all(params);
  };
} else {
  const mysql = require('mysql2/promise');
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: 20,
    dateStrings: true,
    charset: 'utf8mb4_unicode_ci',
    supportBigNumbers: true,
  });
  select = async (sql, params) => (await pool.query(sql, params))[0];
}

function bad(msg) {
  return Object.assign(new Error(msg), { status: 400 });
}

function where(params) {
  const parts = [];
  const values = [];
  for (const [name, value] of Object.entries(params || {})) {
    if (value === undefined || value === null || value === '') continue;
    const column = COLUMN.get(name);
    if (!column || typeof value === 'object') throw bad(`cannot filter on ${name}`);
    parts.push(`t.${q(column)} = ?`);
    values.push(value);
  }
  return { sql: parts.length ? `(${parts.join(' AND ')})` : '1=1', params: values };
}

function orderBy(text) {
  const items = String(text || 'rateDate desc')
    .split(',')
    .map((part) => {
      const [name, dir = 'asc'] = part.trim().split(/\s+/);
      if (!COLUMN.has(name) || !/^(asc|desc)$/i.test(dir)) throw bad(`bad orderBy ${part}`);
      return [COLUMN.get(name), dir.toUpperCase()];
    });
  if (!items.some(([c]) => c === PK)) items.push([PK, items[items.length - 1][1]]);
  return items.map(([c, dir]) => `t.${q(c)} ${dir}`).join(', ');
}

async function count(w) {
  const rows = await select(
    `SELECT COUNT(*) AS c FROM (SELECT 1 AS one FROM ${q(TABLE)} t WHERE ${w.sql} LIMIT ${COUNT_CAP + 1}) capped`,
    w.params,
  );
  const capped = Number(rows[0].c);
  if (capped <= COUNT_CAP) return { count: capped, exact: true };
  let estimate = 0;
  if (w.sql === '1=1') {
    const est = sqlite
      ? await select(
          `SELECT (SELECT MAX(${q(PK)}) FROM ${q(TABLE)}) - (SELECT MIN(${q(PK)}) FROM ${q(TABLE)}) + 1 AS n`,
          [],
        )
      : await select(
          'SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
          [TABLE],
        );
    estimate = Number(est[0].n || 0);
  }
  return { count: Math.max(estimate, COUNT_CAP + 1), exact: false };
}

async function listByPage(body) {
  const pageIndex = body.pageIndex ?? 1;
  const pageRows = body.pageRows ?? 20;
  if (
    !Number.isSafeInteger(pageIndex) ||
    pageIndex < 1 ||
    !Number.isSafeInteger(pageRows) ||
    pageRows < 1 ||
    pageRows > 500
  ) {
    throw bad('bad paging');
  }
  const w = where(body.params);
  const order = orderBy(body.orderBy);
  const offset = (pageIndex - 1) * pageRows;
  const table = q(TABLE);
  const sql =
    offset >= DEFERRED_JOIN_OFFSET
      ? `SELECT ${columns} FROM (SELECT t.${q(PK)} AS k FROM ${table} t WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?) page_keys ` +
        `JOIN ${table} t ON t.${q(PK)} = page_keys.k ORDER BY ${order}`
      : `SELECT ${columns} FROM ${table} t WHERE ${w.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
  const [rows, c] = await Promise.all([select(sql, [...w.params, pageRows, offset]), count(w)]);
  if (sqlite) for (const r of rows) if (typeof r.rate === 'number') r.rate = r.rate.toFixed(8); // DECIMAL as "1.23450000"
  return {
    code: 'S',
    status: 'S',
    msg: 'success',
    data: rows,
    page: { count: c.count, pageIndex, pageRows, countExact: c.exact },
  };
}

function send(res, status, payload) {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function plain(req, res) {
  if (req.method === 'GET') return send(res, 200, { code: 'S', data: { status: 'UP' } });
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return send(res, 400, { code: 'E', msg: 'bad JSON' });
    }
    listByPage(body).then(
      (out) => send(res, 200, out),
      (e) => send(res, e.status || 500, { code: 'E', msg: String(e.message) }),
    );
  });
}

const server = http.createServer(plain);
server.listen(Number(process.env.PORT), '127.0.0.1', () =>
  console.log(`raw ${sqlite ? 'better-sqlite3' : 'mysql2'} listening on ${process.env.PORT}`),
);
process.on('SIGTERM', () => process.exit(0)); // exit normally: --cpu-prof writes on exit
