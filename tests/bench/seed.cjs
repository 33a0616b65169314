'use strict';
// Seeds srm_base_exchange_rate straight through the driver (mysql2 / better-sqlite3), after the
// server has created the table. Rows respect the unique index (from, to, rateType, rateDate):
// 6 × 5 currency pairs × 3 rate types = 90 combinations per day, consecutive days from 1990-01-01.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const TABLE = 'srm_base_exchange_rate';

function lookupCodes(type) {
  const dir = path.join(ROOT, 'metadata', 'apps', 'srm');
  const files = fs
    .readdirSync(dir)
    .map((domain) => path.join(dir, domain, 'lookups'))
    .filter((lookups) => fs.existsSync(lookups))
    .flatMap((lookups) => fs.readdirSync(lookups).map((f) => path.join(lookups, f)));
  for (const file of files) {
    const set = JSON.parse(fs.readFileSync(file, 'utf8'));
    const found = (set.lookups || []).find((l) => l.lookupType === type);
    if (found) return found.values.map((v) => v.lookupCode);
  }
  throw new Error(`lookup type ${type} not found in ${dir}`);
}

const CURRENCIES = lookupCodes('BASE_CURRENCY');
const RATE_TYPES = lookupCodes('BASE_RATE_TYPE');
const STATUSES = lookupCodes('SRM_VALID_STATUS');
const COMBOS = [];
for (const from of CURRENCIES)
  for (const to of CURRENCIES) if (from !== to) for (const type of RATE_TYPES) COMBOS.push([from, to, type]);

const COLUMNS = [
  'from_currency',
  'to_currency',
  'rate_type',
  'rate',
  'rate_date',
  'valid_from',
  'valid_to',
  'status',
  'created_by',
  'creation_date',
  'last_updated_by',
  'last_update_date',
  'version_num',
];

const DAY_MS = 86400000;
const START = Date.UTC(1990, 0, 1);
const dayCache = [];
function day(n) {
  return dayCache[n] || (dayCache[n] = new Date(START + n * DAY_MS).toISOString().slice(0, 10));
}

/** Row i (0-based) as column values in COLUMNS order; deterministic. */
function row(i) {
  const d = Math.floor(i / COMBOS.length);
  const [from, to, type] = COMBOS[i % COMBOS.length];
  const rate = (((i * 2654435761) % 100000000) / 1e6 + 0.0001).toFixed(8); // 0.0001 .. 100.0001
  const date = day(d);
  const stamp = `${date} 08:00:00`;
  return [
    from,
    to,
    type,
    rate,
    date,
    date,
    day(d + 1),
    STATUSES[i % 10 === 0 ? 0 : i % 10 === 1 ? 2 : 1],
    1,
    stamp,
    1,
    stamp,
    1,
  ];
}

const quoteValue = (v) => (typeof v === 'number' ? String(v) : `'${v}'`); // values are ours, never user input

async function seedMysql(conn, rows, { batch = 5000, log = () => {} } = {}) {
  await conn.query('SET SESSION unique_checks = 0');
  const head = `INSERT INTO \`${TABLE}\` (${COLUMNS.map((c) => `\`${c}\``).join(', ')}) VALUES `;
  const perTx = batch * 20;
  for (let start = 0; start < rows; start += perTx) {
    await conn.beginTransaction();
    for (let b = start; b < Math.min(rows, start + perTx); b += batch) {
      const parts = [];
      for (let i = b; i < Math.min(rows, b + batch); i++) parts.push(`(${row(i).map(quoteValue).join(',')})`);
      await conn.query(head + parts.join(','));
    }
    await conn.commit();
    log(`seeded ${Math.min(rows, start + perTx)} / ${rows}`);
  }
  await conn.query('SET SESSION unique_checks = 1');
  await conn.query(`ANALYZE TABLE \`${TABLE}\``);
}

function seedSqlite(db, rows, { batch = 5000, log = () => {} } = {}) {
  const perStatement = Math.floor(32000 / COLUMNS.length); // stay below SQLITE_MAX_VARIABLE_NUMBER
  const size = Math.min(batch, perStatement);
  const head = `INSERT INTO "${TABLE}" (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const one = `(${COLUMNS.map(() => '?').join(',')})`;
  const statements = new Map();
  const insert = (from, to) => {
    const n = to - from;
    if (!statements.has(n)) statements.set(n, db.prepare(head + Array(n).fill(one).join(',')));
    const params = [];
    for (let i = from; i < to; i++) params.push(...row(i));
    statements.get(n).run(params);
  };
  db.transaction(() => {
    for (let b = 0; b < rows; b += size) insert(b, Math.min(rows, b + size));
  })();
  log(`seeded ${rows} / ${rows}`);
  db.exec(`ANALYZE "${TABLE}"`);
}

module.exports = { TABLE, COMBOS, CURRENCIES, RATE_TYPES, seedMysql, seedSqlite };
