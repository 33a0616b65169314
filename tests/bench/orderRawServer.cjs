'use strict';
// The baseline of the order list: a plain node:http server answering listByPage of purchase orders
// for buyer01 with the raw driver, doing the same SQL work as the server's ResourceReader.list with
// the buyer's row scope: the page query with the reference labels (supplier, company, plant, buyer,
// submitter, approver: six LEFT JOINs) and `inv_org_id IN (permitted ids)`, ORDER BY the primary
// key descending, and the capped count in parallel. The permitted ids (buyer01's enabled
// organisation permits with their descendants and ancestors) are read once at start-up, as the
// server keeps them in its grant cache. No session, appsign, menu or metadata work.
// Usage: RAW_DB_URL=mysql://…|sqlite:/file PORT=n RAW_USER_ID=2 node orderRawServer.cjs
const http = require('node:http');

const COUNT_CAP = 10000;
const USER_ID = Number(process.env.RAW_USER_ID || 2);
const url = process.env.RAW_DB_URL || '';
const sqlite = url.startsWith('sqlite:');
const q = sqlite ? (id) => `"${id}"` : (id) => `\`${id}\``;

// Field → column of srm_pur_order_header, then the labels of the joined references.
const FIELDS = [
  ['orderHeaderId', 'order_header_id'],
  ['poNumber', 'po_number'],
  ['poType', 'po_type'],
  ['supplierId', 'supplier_id'],
  ['supplierSiteId', 'supplier_site_id'],
  ['orgId', 'org_id'],
  ['invOrgId', 'inv_org_id'],
  ['buyerId', 'buyer_id'],
  ['orderDate', 'order_date'],
  ['currencyCode', 'currency_code'],
  ['exchangeRate', 'exchange_rate'],
  ['paymentTermId', 'payment_term_id'],
  ['totalAmountExcl', 'total_amount_excl'],
  ['totalTaxAmount', 'total_tax_amount'],
  ['totalAmountIncl', 'total_amount_incl'],
  ['shipToAddress', 'ship_to_address'],
  ['status', 'status'],
  ['feedbackStatus', 'feedback_status'],
  ['revisionNum', 'revision_num'],
  ['releaseDate', 'release_date'],
  ['confirmDate', 'confirm_date'],
  ['agreementHeaderId', 'agreement_header_id'],
  ['sourceType', 'source_type'],
  ['erpPoNumber', 'erp_po_number'],
  ['attachmentIds', 'attachment_ids'],
  ['submittedBy', 'submitted_by'],
  ['submitDate', 'submit_date'],
  ['approvedBy', 'approved_by'],
  ['approveDate', 'approve_date'],
  ['createdBy', 'created_by'],
  ['creationDate', 'creation_date'],
  ['lastUpdatedBy', 'last_updated_by'],
  ['lastUpdateDate', 'last_update_date'],
  ['versionNum', 'version_num'],
];
const DECIMALS = { exchangeRate: 8, totalAmountExcl: 2, totalTaxAmount: 2, totalAmountIncl: 2 };
const LABELS = [
  // alias, table, key column, label column, label field, header column
  ['r3', 'srm_slc_supplier_info', 'supplier_id', 'supplier_name', 'supplierName', 'supplier_id'],
  ['r5', 'base_organization', 'org_id', 'org_name', 'orgName', 'org_id'],
  ['r6', 'base_organization', 'org_id', 'org_name', 'invOrgName', 'inv_org_id'],
  ['r7', 'base_users', 'user_id', 'user_name', 'buyerName', 'buyer_id'],
  ['r25', 'base_users', 'user_id', 'user_name', 'submittedByName', 'submitted_by'],
  ['r27', 'base_users', 'user_id', 'user_name', 'approvedByName', 'approved_by'],
];
const TABLE = q('srm_pur_order_header');
const COLUMNS = [
  ...FIELDS.map(([f, c]) => `t.${q(c)} AS ${q(f)}`),
  ...LABELS.map(([a, , , label, field]) => `${a}.${q(label)} AS ${q(field)}`),
].join(', ');
const JOINS = LABELS.map(
  ([a, table, key, , , column]) => `LEFT JOIN ${q(table)} ${a} ON ${a}.${q(key)} = t.${q(column)}`,
).join(' ');

let select; // (sql, params) => Promise<rows>
if (sqlite) {
  const Database = require('better-sqlite3');
  const db = new Database(url.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const statements = new Map();
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

/** buyer01's organisation scope: enabled permits, each with its descendants and ancestors (sorted). */
async function permittedOrgs() {
  const permits = await select(
    `SELECT ${q('all_flag')} AS allFlag, ${q('org_id')} AS id FROM ${q('base_user_org_permit')} WHERE ${q('user_id')} = ? AND ${q('enabled_flag')} = 'Y'`,
    [USER_ID],
  );
  if (permits.some((p) => p.allFlag === 'Y')) return null;
  const tree = await select(
    `SELECT ${q('org_id')} AS id, ${q('parent_org_id')} AS parentId FROM ${q('base_organization')}`,
    [],
  );
  const parent = new Map(tree.map((r) => [Number(r.id), r.parentId == null ? null : Number(r.parentId)]));
  const ids = new Set();
  const roots = permits
    .map((p) => p.id)
    .filter((id) => id != null)
    .map(Number);
  for (const root of roots) {
    for (let at = parent.get(root); at != null; at = parent.get(at)) ids.add(at);
    const stack = [root];
    while (stack.length) {
      const id = stack.pop();
      ids.add(id);
      for (const [child, p] of parent) if (p === id) stack.push(child);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

let scope; // { sql, params }

async function listByPage(body) {
  const pageIndex = body.pageIndex ?? 1;
  const pageRows = body.pageRows ?? 20;
  if (
    !Number.isSafeInteger(pageIndex) ||
    pageIndex < 1 ||
    !Number.isSafeInteger(pageRows) ||
    pageRows < 1 ||
    pageRows > 500
  )
    throw Object.assign(new Error('bad paging'), { status: 400 });
  const offset = (pageIndex - 1) * pageRows;
  const order = `t.${q('order_header_id')} DESC`;
  const sql = `SELECT ${COLUMNS} FROM ${TABLE} t ${JOINS} WHERE ${scope.sql} ORDER BY ${order} LIMIT ? OFFSET ?`;
  const countSql = `SELECT COUNT(*) AS c FROM (SELECT 1 AS one FROM ${TABLE} t WHERE ${scope.sql} LIMIT ${COUNT_CAP + 1}) capped`;
  const [rows, counted] = await Promise.all([
    select(sql, [...scope.params, pageRows, offset]),
    select(countSql, scope.params),
  ]);
  for (const r of rows)
    for (const [field, digits] of Object.entries(DECIMALS))
      if (typeof r[field] === 'number') r[field] = r[field].toFixed(digits);
  const capped = Number(counted[0].c);
  return {
    code: 'S',
    status: 'S',
    msg: 'success',
    data: rows,
    page: { count: Math.min(capped, COUNT_CAP + 1), pageIndex, pageRows, countExact: capped <= COUNT_CAP },
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

const server = http.createServer((req, res) => {
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
});

permittedOrgs().then((ids) => {
  scope = ids
    ? ids.length
      ? { sql: `t.${q('inv_org_id')} IN (${ids.map(() => '?').join(', ')})`, params: ids }
      : { sql: '1=0', params: [] }
    : { sql: '1=1', params: [] };
  server.listen(Number(process.env.PORT), '127.0.0.1', () =>
    console.log(
      `raw orders ${sqlite ? 'better-sqlite3' : 'mysql2'} listening on ${process.env.PORT} (scope ${scope.sql} ${scope.params})`,
    ),
  );
});
process.on('SIGTERM', () => process.exit(0));
