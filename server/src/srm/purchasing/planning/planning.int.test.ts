import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { noteBody } from '../delivery/deliveryFixtures';
import {
  FORECAST_RES,
  PlanningApi,
  STOCK_RES,
  TRANSFER_RES,
  WARNING_RES,
  fixed4,
  forecastBody,
} from './planningFixtures';
import { scanWarnings } from './warningJob';
import { serverWith } from '../../../testing/proofServer';

/**
 * Forecasts, VMI stock and warnings (DOMAIN.md §5.8) over HTTP as the demo users: every transition
 * and its illegal repeat (409), who may do what (403), row scope (404 / not listed), stock
 * movements and the rule that on-hand never drops below 0 under concurrent requests, the receipt
 * hook, and the daily scan's idempotence. Runs on SQLite and, with DB_URL, on MariaDB.
 */
const t = serverWith('srm_planning', (server) => new PlanningApi(server));

const BUYER = 'PUR_FORECAST_EDIT';
const SUP = 'SUP_FORECAST_EDIT';
const fc = (user: string, menu: string, action: string, body: unknown) =>
  t.api.call(user, menu, FORECAST_RES, action, body);

async function forecastRow(id: number) {
  const [row] = await t.api.select(
    'SELECT status, publish_date AS publishDate, feedback_date AS feedbackDate FROM srm_pur_forecast WHERE forecast_id = ?',
    [id],
  );
  return row;
}
async function lines(id: number) {
  return t.api.select(
    'SELECT forecast_line_id AS id, forecast_qty AS f, supplier_commit_qty AS c, gap_qty AS g, supplier_comment AS m FROM srm_pur_forecast_line WHERE forecast_id = ? ORDER BY period_start',
    [id],
  );
}
async function todos(id: number) {
  return t.api.select(
    "SELECT supplier_id AS supplierId, handle_flag AS handled, cancel_flag AS cancelled, menu_code AS menu FROM base_supplier_todo WHERE bill_type = 'SRM_PUR_FORECAST' AND bill_id = ?",
    [id],
  );
}

describe('forecast', () => {
  let id: number;
  it('the buyer creates a DRAFT; supplier columns it sends are not written; suppliers do not see it', async () => {
    const body = forecastBody();
    (body.lines as Record<string, unknown>[])[0].supplierCommitQty = '999';
    const saved = expectOk(await fc('buyer01', BUYER, 'saveOrUpdate', body));
    id = saved.forecastId;
    expect(saved).toMatchObject({ status: 'DRAFT', itemCode: '1001000012' });
    expect(saved.forecastNumber).toMatch(/^FC\d+/);
    expect((await lines(id)).map((l) => l.c)).toEqual([null, null]);
    expectError(await fc('supplier01', SUP, 'findById', { id }), 404);
    const listed = expectOk(await fc('supplier01', 'SUP_FORECAST', 'listByPage', { pageIndex: 1, pageRows: 100 }));
    expect(listed.map((r: any) => r.forecastId)).not.toContain(id);
    expect(listed.every((r: any) => r.supplierId === 1 && r.status !== 'DRAFT')).toBe(true);
    expectError(await fc('supplier01', SUP, 'saveOrUpdate', forecastBody()), 403);
  });

  it('bad dates answer 400', async () => {
    expectError(await fc('buyer01', BUYER, 'saveOrUpdate', forecastBody(1, { horizonEnd: '2027-01-01' })), 400, [
      'horizonEnd',
    ]);
  });

  it('doPublish: suppliers 403; the buyer publishes once (409 after), a supplier to-do', async () => {
    expectError(await fc('supplier01', SUP, 'doPublish', { id }), 403);
    expectOk(await fc('buyer01', BUYER, 'doPublish', { id }));
    expect((await forecastRow(id)).status).toBe('PUBLISHED');
    expect((await forecastRow(id)).publishDate).toBeTruthy();
    expect(await todos(id)).toMatchObject([{ supplierId: 1, handled: 'N', cancelled: 'N', menu: 'SUP_FORECAST' }]);
    expectError(await fc('buyer01', BUYER, 'doPublish', { id }), 409);
  });

  it('a published forecast does not change for the buyer (409); a line-less draft does not publish', async () => {
    const current = expectOk(await fc('buyer01', BUYER, 'findById', { id }));
    expectError(await fc('buyer01', BUYER, 'saveOrUpdate', { ...current, remark: 'x' }), 409);
    const empty = expectOk(await fc('buyer01', BUYER, 'saveOrUpdate', { ...forecastBody(), lines: [] }));
    expectError(await fc('buyer01', BUYER, 'doPublish', { id: empty.forecastId }), 409);
  });

  it('another supplier gets 404; the own supplier must commit every line (400), only its columns', async () => {
    expectError(await fc('supplier02', SUP, 'findById', { id }), 404);
    expectError(await fc('supplier02', SUP, 'doSupplierFeedback', { id }), 404);
    expectError(await fc('supplier01', SUP, 'doSupplierFeedback', { id }), 400);
    const current = expectOk(await fc('supplier01', SUP, 'findById', { id }));
    const changedQty = {
      ...current,
      lines: current.lines.map((l: any) => ({ ...l, forecastQty: '5', supplierCommitQty: '1' })),
    };
    expectError(await fc('supplier01', SUP, 'saveOrUpdate', changedQty), 403);
    const dropped = { ...current, lines: current.lines.slice(0, 1) };
    expectError(await fc('supplier01', SUP, 'saveOrUpdate', dropped), 403);
    const committed = {
      ...current,
      remark: 'supplier cannot change this',
      lines: current.lines.map((l: any, i: number) => ({
        ...l,
        supplierCommitQty: i === 0 ? '1000' : '900',
        supplierComment: i ? '产能不足 / short capacity' : null,
      })),
    };
    expectOk(await fc('supplier01', SUP, 'saveOrUpdate', committed));
    expect((await lines(id)).map((l) => [fixed4(l.f), fixed4(l.c), l.g])).toEqual([
      ['1000.0000', '1000.0000', null],
      ['1200.0000', '900.0000', null],
    ]);
    const [row] = await t.api.select('SELECT remark FROM srm_pur_forecast WHERE forecast_id = ?', [id]);
    expect(row.remark ?? null).toBeNull();
  });

  it('doSupplierFeedback: the buyer 403; the supplier responds once; the server computes the gap', async () => {
    expectError(await fc('buyer01', BUYER, 'doSupplierFeedback', { id }), 403);
    expectOk(await fc('supplier01', SUP, 'doSupplierFeedback', { id }));
    expect((await forecastRow(id)).status).toBe('FEEDBACK');
    expect((await lines(id)).map((l) => fixed4(l.g))).toEqual(['0.0000', '300.0000']);
    expect(await todos(id)).toMatchObject([{ handled: 'Y' }]);
    expectError(await fc('supplier01', SUP, 'doSupplierFeedback', { id }), 409);
    const current = expectOk(await fc('supplier01', SUP, 'findById', { id }));
    expectError(await fc('supplier01', SUP, 'saveOrUpdate', current), 409);
  });

  it('doClose: suppliers 403; the buyer closes once', async () => {
    expectError(await fc('supplier01', SUP, 'doClose', { id }), 403);
    expectOk(await fc('buyer01', BUYER, 'doClose', { id }));
    expect((await forecastRow(id)).status).toBe('CLOSED');
    expectError(await fc('buyer01', BUYER, 'doClose', { id }), 409);
    expectError(await fc('buyer01', BUYER, 'doPublish', { id }), 409);
  });

  it('closing a published forecast cancels the supplier to-do', async () => {
    const saved = expectOk(await fc('buyer01', BUYER, 'saveOrUpdate', forecastBody(2)));
    expectOk(await fc('buyer01', BUYER, 'doPublish', { id: saved.forecastId }));
    expectOk(await fc('buyer01', BUYER, 'doClose', { id: saved.forecastId }));
    expect(await todos(saved.forecastId)).toMatchObject([{ supplierId: 2, cancelled: 'Y' }]);
  });
});

const st = (user: string, menu: string, action: string, body: unknown) =>
  t.api.call(user, menu, STOCK_RES, action, body);
const tr = (user: string, menu: string, action: string, body: unknown) =>
  t.api.call(user, menu, TRANSFER_RES, action, body);
const onHand = async (id: number) =>
  (
    await t.api.select('SELECT on_hand_qty AS q, warning_flag AS w FROM srm_pur_vmi_stock WHERE vmi_stock_id = ?', [id])
  )[0];
const openWarnings = (docType: string, docId: number, type: string) =>
  t.api.select(
    "SELECT warning_id AS id FROM srm_base_warning WHERE doc_type = ? AND doc_id = ? AND warning_type = ? AND handled_flag = 'N'",
    [docType, docId, type],
  );

describe('VMI stock', () => {
  let stockId: number;
  it('the buyer creates a stock row: quantities are the server’s, suppliers may not write', async () => {
    const body = {
      supplierId: 2,
      invOrgId: 5,
      warehouseCode: 'T-VMI',
      itemId: 5,
      safetyStockQty: '50',
      minStockQty: '20',
      maxStockQty: '200',
      onHandQty: '999',
    };
    const saved = expectOk(await st('buyer01', 'PUR_VMI_STOCK', 'saveOrUpdate', body));
    stockId = saved.vmiStockId;
    expect(await onHand(stockId)).toMatchObject({ w: 'Y' });
    expect(fixed4((await onHand(stockId)).q)).toBe('0.0000');
    expectError(await st('supplier02', 'SUP_VMI_STOCK', 'saveOrUpdate', { ...saved, safetyStockQty: '1' }), 403);
    expectError(await st('buyer01', 'PUR_VMI_STOCK', 'saveOrUpdate', { ...saved, minStockQty: '500' }), 400);
  });

  it('manual IN is refused (400); CONSUME below 0 is 409; suppliers cannot create transactions', async () => {
    expectError(
      await tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', {
        vmiStockId: stockId,
        transactionType: 'IN',
        quantity: '10',
        transactionDate: '2026-11-28',
      }),
      400,
    );
    expectError(
      await tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', {
        vmiStockId: stockId,
        transactionType: 'CONSUME',
        quantity: '1',
        transactionDate: '2026-11-28',
      }),
      409,
    );
    expectError(
      await tr('supplier02', 'SUP_VMI_TRANSFER', 'saveOrUpdate', {
        vmiStockId: stockId,
        transactionType: 'CONSUME',
        quantity: '1',
      }),
      403,
    );
  });

  it('two CONSUME at once on one stock: one passes, the other 409 (the stock row is locked)', async () => {
    for (let round = 0; round < 3; round++) {
      await t.api.run('UPDATE srm_pur_vmi_stock SET on_hand_qty = 100 WHERE vmi_stock_id = ?', [stockId]);
      const before = (
        await t.api.select('SELECT COUNT(*) AS n FROM srm_pur_vmi_stock_transfer_record WHERE vmi_stock_id = ?', [
          stockId,
        ])
      )[0].n;
      const body = { vmiStockId: stockId, transactionType: 'CONSUME', quantity: '60', transactionDate: '2026-11-28' };
      const answers = await Promise.all([
        tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', body),
        tr('manager01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', body),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(fixed4((await onHand(stockId)).q)).toBe('40.0000');
      const after = (
        await t.api.select('SELECT COUNT(*) AS n FROM srm_pur_vmi_stock_transfer_record WHERE vmi_stock_id = ?', [
          stockId,
        ])
      )[0].n;
      expect(Number(after) - Number(before)).toBe(1);
    }
  });

  it('a movement below safety raises one open warning, not two', async () => {
    await t.api.run("UPDATE srm_base_warning SET handled_flag = 'Y' WHERE doc_type = 'VMI_STOCK' AND doc_id = ?", [
      stockId,
    ]);
    const body = { vmiStockId: stockId, transactionType: 'RETURN', quantity: '5', transactionDate: '2026-11-28' };
    const saved = expectOk(await tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', body));
    expect(saved).toMatchObject({ supplierId: 2, invOrgId: 5, itemId: 5, transactionType: 'RETURN' });
    expect(fixed4(saved.balanceQty)).toBe('35.0000');
    expectOk(await tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', body));
    expect(await openWarnings('VMI_STOCK', stockId, 'STOCK_BELOW_SAFETY')).toHaveLength(1);
    expect((await onHand(stockId)).w).toBe('Y');
    expectError(await tr('buyer01', 'PUR_VMI_TRANSFER', 'saveOrUpdate', { ...saved, remark: 'x' }), 409);
  });

  it('a delivery-note receipt adds IN to the supplier’s VMI stock of that plant and item', async () => {
    const before = (await onHand(5601)).q;
    const note = expectOk(
      await t.api.call(
        'supplier01',
        'SUP_DELIVERY_NOTE_EDIT',
        'srmPurDeliveryNoteRestful',
        'saveOrUpdate',
        noteBody([{ orderLineId: 90005, shipQty: '3000' }]),
      ),
    );
    expectOk(
      await t.api.call('supplier01', 'SUP_DELIVERY_NOTE', 'srmPurDeliveryNoteRestful', 'doShip', {
        id: note.deliveryNoteId,
      }),
    );
    expectOk(
      await t.api.call('buyer01', 'PUR_DELIVERY_RECEIVE', 'srmPurDeliveryNoteRestful', 'doReceive', {
        id: note.deliveryNoteId,
      }),
    );
    expect(fixed4((await onHand(5601)).q)).toBe(fixed4(Number(before) + 3000));
    const [record] = await t.api.select(
      'SELECT transaction_type AS t, quantity AS q, delivery_note_id AS n, supplier_id AS s FROM srm_pur_vmi_stock_transfer_record WHERE vmi_stock_id = 5601 AND delivery_note_id = ?',
      [note.deliveryNoteId],
    );
    expect(record).toMatchObject({ t: 'IN', s: 1 });
    expect(fixed4(record.q)).toBe('3000.0000');
  });

  it('scope: a supplier lists and opens only its own stock and transactions', async () => {
    const stock = expectOk(await st('supplier01', 'SUP_VMI_STOCK', 'listByPage', { pageIndex: 1, pageRows: 100 }));
    expect(stock.length).toBeGreaterThan(0);
    expect(stock.every((r: any) => r.supplierId === 1)).toBe(true);
    expectError(await st('supplier01', 'SUP_VMI_STOCK', 'findById', { id: 5603 }), 404);
    const records = expectOk(await tr('supplier01', 'SUP_VMI_TRANSFER', 'listByPage', { pageIndex: 1, pageRows: 100 }));
    expect(records.every((r: any) => r.supplierId === 1)).toBe(true);
    expectError(await tr('supplier01', 'SUP_VMI_TRANSFER', 'findById', { id: 5606 }), 404);
  });
});

const wn = (user: string, menu: string, action: string, body: unknown) =>
  t.api.call(user, menu, WARNING_RES, action, body);

describe('warnings', () => {
  it('doHandle: suppliers 403; the buyer handles once (409 after), who and when', async () => {
    expectError(await wn('supplier01', 'SUP_WARNING', 'doHandle', { id: 5601 }), 403);
    expectError(await wn('buyer01', 'PUR_WARNING', 'doHandle', { id: 5601, handleComment: 'x'.repeat(501) }), 400);
    expectOk(
      await wn('buyer01', 'PUR_WARNING', 'doHandle', {
        id: 5601,
        handleComment: '已安排补货 / Replenishment scheduled',
      }),
    );
    const [row] = await t.api.select(
      'SELECT handled_flag AS f, handled_by AS b, handled_date AS d FROM srm_base_warning WHERE warning_id = 5601',
    );
    expect(row).toMatchObject({ f: 'Y', b: 2 });
    expect(row.d).toBeTruthy();
    expectError(await wn('buyer01', 'PUR_WARNING', 'doHandle', { id: 5601 }), 409);
  });

  it('scope: a supplier sees only its own warnings, and cannot open another’s', async () => {
    const rows = expectOk(await wn('supplier01', 'SUP_WARNING', 'listByPage', { pageIndex: 1, pageRows: 100 }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: any) => r.supplierId === 1)).toBe(true);
    expectError(await wn('supplier01', 'SUP_WARNING', 'findById', { id: 5602 }), 404);
    const filtered = expectOk(
      await wn('buyer01', 'PUR_WARNING', 'listByPage', {
        pageIndex: 1,
        pageRows: 100,
        filter: { field: 'warningType', op: 'eq', value: 'PRICE_EXPIRING' },
      }),
    );
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((r: any) => r.warningType === 'PRICE_EXPIRING')).toBe(true);
  });

  it('the daily scan raises late lines, expiring prices and stock bounds once (idempotent)', async () => {
    const on = '2026-12-15';
    await t.api.run(
      "UPDATE srm_pur_material_price SET valid_to = '2026-12-20', price_status = 'VALID' WHERE material_price_id = 2",
    );
    await t.api.run("UPDATE srm_pur_order_line SET promised_date = '2026-12-01' WHERE order_line_id = 90007");
    const first = await scanWarnings(t.server.kernel.registry, t.server.kernel.db, on);
    expect(first).toBeGreaterThan(0);
    expect(await openWarnings('MATERIAL_PRICE', 2, 'PRICE_EXPIRING')).toHaveLength(1);
    expect(await openWarnings('PUR_ORDER_LINE', 90007, 'LATE_DELIVERY')).toHaveLength(1);
    expect(await openWarnings('VMI_STOCK', 5601, 'STOCK_BELOW_SAFETY')).toHaveLength(0);
    await t.api.run('UPDATE srm_pur_vmi_stock SET on_hand_qty = 100 WHERE vmi_stock_id = 5602');
    expect(await scanWarnings(t.server.kernel.registry, t.server.kernel.db, on)).toBe(1);
    expect(await openWarnings('VMI_STOCK', 5602, 'STOCK_BELOW_SAFETY')).toHaveLength(1);
    expect((await onHand(5602)).w).toBe('Y');
    const [a, b] = await Promise.all([
      scanWarnings(t.server.kernel.registry, t.server.kernel.db, on),
      scanWarnings(t.server.kernel.registry, t.server.kernel.db, on),
    ]);
    expect(a + b).toBe(0);
    const dupes = await t.api.select(
      "SELECT doc_type, doc_id, warning_type, COUNT(*) AS n FROM srm_base_warning WHERE handled_flag = 'N' GROUP BY doc_type, doc_id, warning_type HAVING COUNT(*) > 1",
    );
    expect(dupes).toEqual([]);
  });
});
