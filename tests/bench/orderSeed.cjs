'use strict';
// Seeds purchase orders straight through the driver (mysql2 / better-sqlite3) after the server has
// created the tables and seeded the demo data (suppliers 1–4 and 6, materials 1–7, organisations
// 2/5/6, buyer01 = user 2). Deterministic: order i gets id ORDER_ID_BASE + i, 1–3 lines, a status
// spread over the lifecycle, and 80 % of the orders on plant 5 (buyer01's permit), 20 % on plant 6
// (outside it), so the buyer's row scope has rows to leave out.
const ORDER_ID_BASE = 1000;
const LINE_ID_BASE = 1000;

const ITEMS = [
  // itemId, code, name, categoryId, price (1/10,000 units)
  [1, '1001000012', '不锈钢十字盘头螺钉 M3×8', 2, 850],
  [2, '1001000047', '镀锌六角螺母 M4', 2, 420],
  [3, '1002000118', '32位微控制器 LQFP48', 3, 128000],
  [4, '1002000230', '贴片电容 0603 100nF', 3, 120],
  [5, '1003000205', 'PC/ABS 外壳 HX-200', 4, 36500],
  [6, '1004000009', '五层瓦楞纸箱 400×300×250', 5, 48000],
  [7, '2001000301', '电源线 3×0.75mm² 1.5m', 6, 96000],
];
const SUPPLIERS = [1, 2, 3, 4, 6];
/** [status, feedbackStatus, submitted?, approved?] with their shares out of 20. */
const STATUSES = [
  ...Array(2).fill(['DRAFT', null, false, false]),
  ...Array(2).fill(['SUBMITTED', null, true, false]),
  ...Array(4).fill(['RELEASED', 'PENDING_FEEDBACK', true, true]),
  ...Array(7).fill(['CONFIRMED', 'CONFIRMED', true, true]),
  ...Array(2).fill(['RECEIVED', 'CONFIRMED', true, true]),
  ...Array(2).fill(['CLOSED', 'CONFIRMED', true, true]),
  ['CANCELLED', null, true, true],
];
const ADDRESS = '苏州工业园区星湖街 328 号 子午线电子一厂 收货码头 2 号门';
const ORDERS_PER_DAY = 250;
const DAY_MS = 86400000;
const START = Date.UTC(2025, 0, 1);
const day = (n) => new Date(START + n * DAY_MS).toISOString().slice(0, 10);
const cents = (n) => (n / 100).toFixed(2);

const HEADER_COLUMNS = [
  'order_header_id',
  'po_number',
  'po_type',
  'supplier_id',
  'org_id',
  'inv_org_id',
  'buyer_id',
  'order_date',
  'currency_code',
  'exchange_rate',
  'total_amount_excl',
  'total_tax_amount',
  'total_amount_incl',
  'ship_to_address',
  'status',
  'feedback_status',
  'revision_num',
  'release_date',
  'source_type',
  'submitted_by',
  'submit_date',
  'approved_by',
  'approve_date',
  'created_by',
  'creation_date',
  'last_updated_by',
  'last_update_date',
  'version_num',
];
const LINE_COLUMNS = [
  'order_line_id',
  'order_header_id',
  'line_num',
  'item_id',
  'item_code',
  'item_name',
  'category_id',
  'uom_code',
  'quantity',
  'unit_price_excl',
  'tax_rate',
  'unit_price_incl',
  'amount_excl',
  'amount_incl',
  'need_by_date',
  'shipped_qty',
  'received_qty',
  'returned_qty',
  'invoiced_qty',
  'line_status',
  'created_by',
  'creation_date',
  'last_updated_by',
  'last_update_date',
  'version_num',
];

/** Order i (0-based): { header: values in HEADER_COLUMNS order, lines: [values in LINE_COLUMNS order] }. */
function order(i) {
  const id = ORDER_ID_BASE + i;
  const d = Math.floor(i / ORDERS_PER_DAY);
  const date = day(d);
  const stamp = `${date} 09:00:00`;
  const [status, feedback, submitted, approved] = STATUSES[i % STATUSES.length];
  const lineCount = (i % 3) + 1;
  const lines = [];
  let excl = 0;
  let incl = 0;
  for (let n = 0; n < lineCount; n++) {
    const [itemId, code, name, category, price] = ITEMS[(i + n) % ITEMS.length];
    const quantity = 100 * (1 + ((i * 7 + n) % 50));
    const amountExcl = Math.round((quantity * price) / 100); // cents
    const amountIncl = amountExcl + Math.round((amountExcl * 13) / 100);
    excl += amountExcl;
    incl += amountIncl;
    const lineStatus =
      status === 'RECEIVED'
        ? 'RECEIVED'
        : status === 'CLOSED'
          ? 'CLOSED'
          : status === 'CANCELLED'
            ? 'CANCELLED'
            : 'OPEN';
    const received = status === 'RECEIVED' ? `${quantity}.0000` : '0.0000';
    lines.push([
      LINE_ID_BASE + i * 3 + n,
      id,
      n + 1,
      itemId,
      code,
      name,
      category,
      'PCS',
      `${quantity}.0000`,
      (price / 10000).toFixed(6),
      '0.1300',
      ((price * 113) / 1000000).toFixed(6),
      cents(amountExcl),
      cents(amountIncl),
      day(d + 14),
      received,
      received,
      '0.0000',
      '0.0000',
      lineStatus,
      2,
      stamp,
      2,
      stamp,
      1,
    ]);
  }
  const header = [
    id,
    `PO${date.replace(/-/g, '')}${String((i % ORDERS_PER_DAY) + 1).padStart(4, '0')}`,
    'STANDARD',
    SUPPLIERS[i % SUPPLIERS.length],
    2,
    i % 5 === 4 ? 6 : 5,
    2,
    date,
    'CNY',
    '1.00000000',
    cents(excl),
    cents(incl - excl),
    cents(incl),
    ADDRESS,
    status,
    feedback,
    0,
    approved ? `${date} 15:00:00` : null,
    'MANUAL',
    submitted ? 2 : null,
    submitted ? `${date} 10:00:00` : null,
    approved ? 3 : null,
    approved ? `${date} 15:00:00` : null,
    2,
    stamp,
    2,
    stamp,
    1,
  ];
  return { header, lines };
}

const quoteValue = (v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`); // our values only

async function seedMysql(conn, orders, { batch = 2000, log = () => {} } = {}) {
  const head = (table, cols) => `INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES `;
  for (let b = 0; b < orders; b += batch) {
    const headers = [];
    const lines = [];
    for (let i = b; i < Math.min(orders, b + batch); i++) {
      const o = order(i);
      headers.push(`(${o.header.map(quoteValue).join(',')})`);
      for (const l of o.lines) lines.push(`(${l.map(quoteValue).join(',')})`);
    }
    await conn.beginTransaction();
    await conn.query(head('srm_pur_order_header', HEADER_COLUMNS) + headers.join(','));
    await conn.query(head('srm_pur_order_line', LINE_COLUMNS) + lines.join(','));
    await conn.commit();
    if ((b / batch) % 10 === 9 || b + batch >= orders) log(`seeded ${Math.min(orders, b + batch)} / ${orders} orders`);
  }
  await conn.query('ANALYZE TABLE `srm_pur_order_header`, `srm_pur_order_line`');
}

function seedSqlite(db, orders, { log = () => {} } = {}) {
  const insert = (table, cols) =>
    db.prepare(
      `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(',')})`,
    );
  const h = insert('srm_pur_order_header', HEADER_COLUMNS);
  const l = insert('srm_pur_order_line', LINE_COLUMNS);
  db.transaction(() => {
    for (let i = 0; i < orders; i++) {
      const o = order(i);
      h.run(o.header);
      for (const line of o.lines) l.run(line);
    }
  })();
  log(`seeded ${orders} / ${orders} orders`);
  db.exec('ANALYZE');
}

module.exports = { ITEMS, order, seedMysql, seedSqlite, HEADER_COLUMNS, LINE_COLUMNS };
