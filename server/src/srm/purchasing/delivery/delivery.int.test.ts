import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { DeliveryApi, expectStatus, fixed2, fixed4, noteBody, noticeBody } from './deliveryFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * Delivery notices, delivery notes and receiving (DOMAIN 5.5–5.7) over HTTP as the demo users:
 * every transition and its illegal repeat (409), who may do what, row scope, quantities, receipt
 * transactions and their amounts. Runs on SQLite and, with DB_URL, on MariaDB.
 */
const t = serverWith('srm_delivery', (server) => new DeliveryApi(server));

const BUYER_NOTICE = 'PUR_DELIVERY_NOTICE_EDIT';
const SUP_NOTICE = 'SUP_DELIVERY_NOTICE';
const SUP_NOTE = 'SUP_DELIVERY_NOTE_EDIT';
const RECEIVE = 'PUR_DELIVERY_RECEIVE';

async function supplierTodos(billType: string, billId: number) {
  return t.api.select(
    'SELECT supplier_id AS supplierId, handle_flag AS handled, cancel_flag AS cancelled FROM base_supplier_todo WHERE bill_type = ? AND bill_id = ?',
    [billType, billId],
  );
}

async function buyerTodos(billId: number) {
  return t.api.select(
    "SELECT assignee_user_id AS userId, handle_flag AS handled, cancel_flag AS cancelled FROM base_todo WHERE bill_type = 'PUR_DELIVERY_NOTE' AND bill_id = ?",
    [billId],
  );
}

async function newNotice(lines: Record<string, unknown>[], supplierId = 1): Promise<any> {
  return expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'saveOrUpdate', noticeBody(supplierId, lines)));
}

async function newNote(
  lines: Record<string, unknown>[],
  user = 'supplier01',
  extra: Record<string, unknown> = {},
): Promise<any> {
  return expectOk(await t.api.note(user, SUP_NOTE, 'saveOrUpdate', noteBody(lines, extra)));
}

async function shipped(lines: Record<string, unknown>[], user = 'supplier01'): Promise<number> {
  const note = await newNote(lines, user);
  expectOk(await t.api.note(user, 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId }));
  return note.deliveryNoteId;
}

describe('delivery notices', () => {
  let noticeId: number;
  let noticeLineId: number;

  it('the buyer creates a DRAFT notice; copies of the order line are the server’s', async () => {
    const notice = await newNotice([{ orderLineId: 90005, requiredQty: '12000', itemCode: 'forged' }]);
    noticeId = notice.deliveryNoticeId;
    noticeLineId = notice.lines[0].noticeLineId;
    expect(notice.status).toBe('DRAFT');
    expect(notice.noticeNumber).toMatch(/^DNT\d{12}$/);
    expect(notice.lines[0]).toMatchObject({
      orderHeaderId: 9003,
      poNumber: 'PO202611109003',
      poLineNum: 1,
      itemId: 1,
      itemCode: '1001000012',
      uomCode: 'PCS',
    });
  });

  it('refuses a required quantity above the open quantity, another supplier’s order line, an order not confirmed', async () => {
    expectError(
      await t.api.notice(
        'buyer01',
        BUYER_NOTICE,
        'saveOrUpdate',
        noticeBody(1, [{ orderLineId: 90005, requiredQty: '20001' }]),
      ),
      400,
      ['lines[0].requiredQty'],
    );
    expectError(
      await t.api.notice(
        'buyer01',
        BUYER_NOTICE,
        'saveOrUpdate',
        noticeBody(1, [{ orderLineId: 90007, requiredQty: '1' }]),
      ),
      400,
    );
    await t.api.run("UPDATE srm_pur_order_header SET status = 'RELEASED' WHERE order_header_id = 9004");
    try {
      expectError(
        await t.api.notice(
          'buyer01',
          BUYER_NOTICE,
          'saveOrUpdate',
          noticeBody(2, [{ orderLineId: 90007, requiredQty: '1' }]),
        ),
        400,
      );
    } finally {
      await t.api.run("UPDATE srm_pur_order_header SET status = 'CONFIRMED' WHERE order_header_id = 9004");
    }
  });

  it('a DRAFT notice is invisible to its supplier', async () => {
    expectError(await t.api.notice('supplier01', SUP_NOTICE, 'findById', { id: noticeId }), 404);
    const list = expectOk(
      await t.api.notice('supplier01', SUP_NOTICE, 'listByPage', { params: {}, pageIndex: 1, pageRows: 100 }),
    );
    expect(list.map((r: any) => r.deliveryNoticeId)).not.toContain(noticeId);
    expect(list.every((r: any) => r.status !== 'DRAFT' && r.supplierId === 1)).toBe(true);
  });

  it('doPublish: only the buyer; PUBLISHED with the supplier to-do SRM_DELIVERY_NOTICE; a repeat is 409', async () => {
    expectError(await t.api.notice('supplier01', SUP_NOTICE, 'doPublish', { id: noticeId }), 403);
    const published = expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: noticeId }));
    expect(published.status).toBe('PUBLISHED');
    expect(published.publishDate).toBeTruthy();
    expect(await supplierTodos('SRM_DELIVERY_NOTICE', noticeId)).toEqual([
      { supplierId: 1, handled: 'N', cancelled: 'N' },
    ]);
    expectError(await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: noticeId }), 409);
    expect(expectOk(await t.api.notice('supplier01', SUP_NOTICE, 'findById', { id: noticeId })).status).toBe(
      'PUBLISHED',
    );
  });

  it('another supplier cannot read it (404)', async () => {
    expectError(await t.api.notice('supplier02', SUP_NOTICE, 'findById', { id: noticeId }), 404);
    expectError(await t.api.notice('supplier02', SUP_NOTICE, 'doSupplierConfirm', { id: noticeId }), 404);
  });

  it('a second notice cannot reserve more than what the first leaves open', async () => {
    expectError(
      await t.api.notice(
        'buyer01',
        BUYER_NOTICE,
        'saveOrUpdate',
        noticeBody(1, [{ orderLineId: 90005, requiredQty: '8001' }]),
      ),
      400,
      ['lines[0].requiredQty'],
    );
    const fits = await newNotice([{ orderLineId: 90005, requiredQty: '8000' }]);
    // Published notices may not over-reserve either, checked again under lock on publish.
    await t.api.run("UPDATE srm_pur_delivery_notice_line SET required_qty = '8001' WHERE notice_line_id = ?", [
      fits.lines[0].noticeLineId,
    ]);
    expectError(await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: fits.deliveryNoticeId }), 409);
    expect(
      expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doCancel', { id: fits.deliveryNoticeId })).status,
    ).toBe('CANCELLED');
  });

  it('doPublish refuses a line whose order can no longer be delivered against (409 naming it: a declared check)', async () => {
    const draft = await newNotice([{ orderLineId: 90005, requiredQty: '1' }]);
    const status = await t.api.status('srm_pur_order_header', 'order_header_id', 9003);
    await t.api.run("UPDATE srm_pur_order_header SET status = 'RELEASED' WHERE order_header_id = 9003");
    try {
      const refused = await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: draft.deliveryNoticeId });
      expectError(refused, 409);
      expect(refused.body.msg).toContain('PO202611109003 line 1 cannot be delivered now');
    } finally {
      await t.api.run('UPDATE srm_pur_order_header SET status = ? WHERE order_header_id = 9003', [status]);
    }
    expect(
      expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doCancel', { id: draft.deliveryNoticeId })).status,
    ).toBe('CANCELLED');
  });

  it('doSupplierConfirm: only the supplier; confirmed quantity and date default to the required ones; to-do handled', async () => {
    expectError(await t.api.notice('buyer01', BUYER_NOTICE, 'doSupplierConfirm', { id: noticeId }), 403);
    const confirmed = expectOk(await t.api.notice('supplier01', SUP_NOTICE, 'doSupplierConfirm', { id: noticeId }));
    expect(confirmed.status).toBe('CONFIRMED');
    expect(fixed4(confirmed.lines[0].confirmedQty)).toBe('12000.0000');
    expect(confirmed.lines[0].confirmedDate).toBe('2026-12-03');
    expect(await supplierTodos('SRM_DELIVERY_NOTICE', noticeId)).toEqual([
      { supplierId: 1, handled: 'Y', cancelled: 'N' },
    ]);
    expectError(await t.api.notice('supplier01', SUP_NOTICE, 'doSupplierConfirm', { id: noticeId }), 409);
  });

  it('doCancel of a published notice cancels the supplier’s to-do; the supplier cannot cancel', async () => {
    const other = await newNotice([{ orderLineId: 90006, requiredQty: '10' }]);
    expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: other.deliveryNoticeId }));
    expectError(await t.api.notice('supplier01', SUP_NOTICE, 'doCancel', { id: other.deliveryNoticeId }), 403);
    expect(
      expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doCancel', { id: other.deliveryNoticeId })).status,
    ).toBe('CANCELLED');
    expect(await supplierTodos('SRM_DELIVERY_NOTICE', other.deliveryNoticeId)).toEqual([
      { supplierId: 1, handled: 'N', cancelled: 'Y' },
    ]);
    expectError(await t.api.notice('buyer01', BUYER_NOTICE, 'doCancel', { id: other.deliveryNoticeId }), 409);
  });

  describe('delivery notes against it', () => {
    let noteId: number;

    it('the supplier creates a note from the notice line: the order line comes from the notice line', async () => {
      const note = await newNote([{ noticeLineId, shipQty: '5000' }], 'supplier01', { deliveryNoticeId: noticeId });
      noteId = note.deliveryNoteId;
      expect(note).toMatchObject({ status: 'DRAFT', supplierId: 1 });
      expect(note.deliveryNoteNumber).toMatch(/^DN\d{12}$/);
      expect(note.lines[0]).toMatchObject({
        orderHeaderId: 9003,
        orderLineId: 90005,
        poNumber: 'PO202611109003',
        itemId: 1,
      });
    });

    it('a DRAFT note is invisible to buyers; another supplier gets 404', async () => {
      expectError(await t.api.note('buyer01', RECEIVE, 'findById', { id: noteId }), 404);
      const list = expectOk(
        await t.api.note('buyer01', RECEIVE, 'listByPage', { params: {}, pageIndex: 1, pageRows: 100 }),
      );
      expect(list.every((r: any) => r.status !== 'DRAFT')).toBe(true);
      expectError(await t.api.note('supplier02', SUP_NOTE, 'findById', { id: noteId }), 404);
    });

    it('a supplier cannot pick another supplier’s order line or notice line', async () => {
      expectStatus(
        await t.api.note('supplier02', SUP_NOTE, 'saveOrUpdate', noteBody([{ orderLineId: 90005, shipQty: '1' }])),
        400,
      );
      expectStatus(
        await t.api.note('supplier02', SUP_NOTE, 'saveOrUpdate', noteBody([{ noticeLineId, shipQty: '1' }])),
        400,
      );
    });

    it('doShip: not the buyer; the order line, the notice line and the notice move; the buyer gets PUR_DELIVERY_NOTE; a repeat is 409', async () => {
      expectError(await t.api.note('buyer01', 'PUR_DELIVERY_RECEIVE_VIEW', 'doShip', { id: noteId }), 403);
      const note = expectOk(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: noteId }));
      expect(note.status).toBe('SHIPPED');
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '0.0000' });
      const line = await t.api.select(
        'SELECT shipped_qty AS s FROM srm_pur_delivery_notice_line WHERE notice_line_id = ?',
        [noticeLineId],
      );
      expect(fixed4(line[0].s)).toBe('5000.0000');
      expect(await t.api.status('srm_pur_delivery_notice', 'delivery_notice_id', noticeId)).toBe('PARTIAL_SHIPPED');
      expect(await buyerTodos(noteId)).toEqual([{ userId: 2, handled: 'N', cancelled: 'N' }]);
      expectError(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: noteId }), 409);
      expect(expectOk(await t.api.note('buyer01', RECEIVE, 'findById', { id: noteId })).status).toBe('SHIPPED');
    });

    it('over-shipping the order line is refused (tolerance 0 %) and changes nothing', async () => {
      const note = await newNote([{ orderLineId: 90005, shipQty: '15001' }]);
      expectError(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId }), 409);
      expect(await t.api.status('srm_pur_delivery_note', 'delivery_note_id', note.deliveryNoteId)).toBe('DRAFT');
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '0.0000' });
    });

    it('a line whose order can no longer be delivered against is refused (409: a declared check) and changes nothing', async () => {
      const note = await newNote([{ orderLineId: 90005, shipQty: '1' }]);
      const status = await t.api.status('srm_pur_order_header', 'order_header_id', 9003);
      await t.api.run("UPDATE srm_pur_order_header SET status = 'RELEASED' WHERE order_header_id = 9003");
      try {
        const refused = await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId });
        expectError(refused, 409);
        expect(refused.body.msg).toContain('PO202611109003 line 1 cannot be delivered now');
      } finally {
        await t.api.run('UPDATE srm_pur_order_header SET status = ? WHERE order_header_id = 9003', [status]);
      }
      expect(await t.api.status('srm_pur_delivery_note', 'delivery_note_id', note.deliveryNoteId)).toBe('DRAFT');
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '0.0000' });
    });

    it('a line shipping nothing is refused (400 naming it: a declared check) and changes nothing', async () => {
      const note = await newNote([{ orderLineId: 90005, shipQty: '0' }]);
      const refused = await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId });
      expectError(refused, 400, ['lines[0].shipQty']);
      expect(await t.api.status('srm_pur_delivery_note', 'delivery_note_id', note.deliveryNoteId)).toBe('DRAFT');
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '0.0000' });
    });

    it('doCancel of a shipped note reverses the shipped quantities and cancels the buyer’s to-do', async () => {
      const id = await shipped([{ orderLineId: 90005, shipQty: '3000' }]);
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '8000.0000', received: '0.0000' });
      expectError(await t.api.note('buyer01', 'PUR_DELIVERY_RECEIVE_VIEW', 'doCancel', { id }), 403);
      expect(expectOk(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doCancel', { id })).status).toBe(
        'CANCELLED',
      );
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '0.0000' });
      expect(await buyerTodos(id)).toEqual([{ userId: 2, handled: 'N', cancelled: 'Y' }]);
      expectError(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doCancel', { id }), 409);
    });

    it('doReceive: a supplier cannot receive; accepted + rejected must equal received', async () => {
      expectError(await t.api.note('supplier01', SUP_NOTE, 'doReceive', { id: noteId }), 403);
      const lineId = (
        await t.api.select(
          'SELECT delivery_note_line_id AS id FROM srm_pur_delivery_note_line WHERE delivery_note_id = ?',
          [noteId],
        )
      )[0].id;
      expectError(
        await t.api.note('buyer01', RECEIVE, 'doReceive', {
          id: noteId,
          lines: [{ deliveryNoteLineId: lineId, receivedQty: '5000', acceptedQty: '4990', rejectedQty: '20' }],
        }),
        400,
        ['lines[0].acceptedQty'],
      );
      expectError(
        await t.api.note('buyer01', RECEIVE, 'doReceive', {
          id: noteId,
          lines: [{ deliveryNoteLineId: 1, receivedQty: '1', acceptedQty: '1', rejectedQty: '0' }],
        }),
        400,
      );
    });

    it('doReceive: a quantity is a decimal ≥ 0 with at most 4 places, received and accepted required (400 naming it)', async () => {
      const [{ id: lineId }] = await t.api.select(
        'SELECT delivery_note_line_id AS id FROM srm_pur_delivery_note_line WHERE delivery_note_id = ?',
        [noteId],
      );
      const receive = (line: Record<string, unknown>) =>
        t.api.note('buyer01', RECEIVE, 'doReceive', { id: noteId, lines: [{ deliveryNoteLineId: lineId, ...line }] });
      expectError(await receive({ receivedQty: '-1', acceptedQty: '0' }), 400, ['lines[0].receivedQty']);
      expectError(await receive({ receivedQty: '1', acceptedQty: 1.00001 }), 400, ['lines[0].acceptedQty']);
      expectError(await receive({ receivedQty: '1' }), 400, ['lines[0].acceptedQty']);
      expect(await t.api.status('srm_pur_delivery_note', 'delivery_note_id', noteId)).toBe('SHIPPED');
    });

    it('doReceive with rejects: RECEIVED, a RECEIVE transaction of the accepted quantity, the order PARTIAL_RECEIVED, to-dos; a repeat is 409', async () => {
      const lineId = Number(
        (
          await t.api.select(
            'SELECT delivery_note_line_id AS id FROM srm_pur_delivery_note_line WHERE delivery_note_id = ?',
            [noteId],
          )
        )[0].id,
      );
      const note = expectOk(
        await t.api.note('buyer01', RECEIVE, 'doReceive', {
          id: noteId,
          lines: [{ deliveryNoteLineId: lineId, receivedQty: '5000', acceptedQty: '4990', rejectedQty: '10' }],
        }),
      );
      expect(note.status).toBe('RECEIVED');
      expect(note.receiverId).toBe(2);
      expect(fixed4(note.lines[0].rejectedQty)).toBe('10.0000');
      const rcv = await t.api.select(
        'SELECT transaction_number AS n, transaction_type AS t, quantity AS q, unit_price_excl AS p, tax_rate AS r, amount_excl AS a, tax_amount AS x, supplier_id AS s, checked_flag AS c FROM srm_pur_receipt_transaction WHERE delivery_note_id = ?',
        [noteId],
      );
      expect(rcv).toHaveLength(1);
      expect(rcv[0].n).toMatch(/^RCV\d{12}$/);
      expect({
        t: rcv[0].t,
        q: fixed4(rcv[0].q),
        a: fixed2(rcv[0].a),
        x: fixed2(rcv[0].x),
        s: Number(rcv[0].s),
        c: rcv[0].c,
      }).toEqual({
        t: 'RECEIVE',
        q: '4990.0000',
        a: '424.15',
        x: '55.14',
        s: 1,
        c: 'N',
      });
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '5000.0000', received: '4990.0000' });
      expect(await t.api.status('srm_pur_order_header', 'order_header_id', 9003)).toBe('PARTIAL_RECEIVED');
      expect(await buyerTodos(noteId)).toEqual([{ userId: 2, handled: 'Y', cancelled: 'N' }]);
      expect(await supplierTodos('SRM_DELIVERY_NOTE', noteId)).toEqual([
        { supplierId: 1, handled: 'N', cancelled: 'N' },
      ]);
      expectError(await t.api.note('buyer01', RECEIVE, 'doReceive', { id: noteId }), 409);
      expectError(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doCancel', { id: noteId }), 409);
    });

    it('a receipt in full: 9,980 × 0.0850 = 848.30 excl., tax 13 % = 110.28; no supplier to-do', async () => {
      const id = await shipped([{ orderLineId: 90005, shipQty: '9980' }]);
      const note = expectOk(await t.api.note('buyer01', RECEIVE, 'doReceive', { id }));
      expect(note.status).toBe('RECEIVED');
      const rcv = await t.api.select(
        'SELECT quantity AS q, amount_excl AS a, tax_amount AS x, inspect_result AS i FROM srm_pur_receipt_transaction WHERE delivery_note_id = ?',
        [id],
      );
      expect(rcv.map((r) => ({ q: fixed4(r.q), a: fixed2(r.a), x: fixed2(r.x), i: r.i }))).toEqual([
        { q: '9980.0000', a: '848.30', x: '110.28', i: 'PASS' },
      ]);
      expect(await supplierTodos('SRM_DELIVERY_NOTE', id)).toEqual([]);
      expect(await t.api.orderLine(90005)).toEqual({ shipped: '14980.0000', received: '14970.0000' });
    });

    it('a short receipt leaves the note PARTIAL_RECEIVED and tells the supplier', async () => {
      const id = await shipped([{ orderLineId: 90005, shipQty: '100' }]);
      const lineId = Number(
        (
          await t.api.select(
            'SELECT delivery_note_line_id AS id FROM srm_pur_delivery_note_line WHERE delivery_note_id = ?',
            [id],
          )
        )[0].id,
      );
      const note = expectOk(
        await t.api.note('buyer01', RECEIVE, 'doReceive', {
          id,
          lines: [{ deliveryNoteLineId: lineId, receivedQty: '60', acceptedQty: '60', rejectedQty: '0' }],
        }),
      );
      expect(note.status).toBe('PARTIAL_RECEIVED');
      expect(await supplierTodos('SRM_DELIVERY_NOTE', id)).toEqual([{ supplierId: 1, handled: 'N', cancelled: 'N' }]);
      expectError(await t.api.note('buyer01', RECEIVE, 'doReceive', { id }), 409);
    });

    it('doClose of the notice (buyer only)', async () => {
      expectError(await t.api.notice('supplier01', SUP_NOTICE, 'doClose', { id: noticeId }), 403);
      expect(expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doClose', { id: noticeId })).status).toBe('CLOSED');
      expectError(await t.api.notice('buyer01', BUYER_NOTICE, 'doClose', { id: noticeId }), 409);
    });
  });
});

describe('a notice shipped in full', () => {
  it('becomes SHIPPED when its lines ship their required quantity, and PUBLISHED again when the note is cancelled', async () => {
    const notice = await newNotice([{ orderLineId: 90006, requiredQty: '40' }]);
    expectOk(await t.api.notice('buyer01', BUYER_NOTICE, 'doPublish', { id: notice.deliveryNoticeId }));
    const note = await newNote([{ noticeLineId: notice.lines[0].noticeLineId, shipQty: '40' }], 'supplier01', {
      deliveryNoticeId: notice.deliveryNoticeId,
    });
    expectOk(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId }));
    expect(await t.api.status('srm_pur_delivery_notice', 'delivery_notice_id', notice.deliveryNoticeId)).toBe(
      'SHIPPED',
    );
    // Nothing more ships against a fully shipped notice.
    expectStatus(
      await t.api.note(
        'supplier01',
        SUP_NOTE,
        'saveOrUpdate',
        noteBody([{ noticeLineId: notice.lines[0].noticeLineId, shipQty: '1' }], {
          deliveryNoticeId: notice.deliveryNoticeId,
        }),
      ),
      400,
    );
    expectOk(await t.api.note('supplier01', 'SUP_DELIVERY_NOTE', 'doCancel', { id: note.deliveryNoteId }));
    expect(await t.api.status('srm_pur_delivery_notice', 'delivery_notice_id', notice.deliveryNoticeId)).toBe(
      'PUBLISHED',
    );
    expect(await t.api.orderLine(90006)).toEqual({ shipped: '0.0000', received: '0.0000' });
  });
});

describe('over-receipt tolerance: the item’s, else the supplier’s, else 0 %', () => {
  it('refused beyond the tolerance, accepted within it; the order becomes RECEIVED', async () => {
    const id = await shipped([{ orderLineId: 90007, shipQty: '1000' }], 'supplier02');
    const lineId = Number(
      (
        await t.api.select(
          'SELECT delivery_note_line_id AS id FROM srm_pur_delivery_note_line WHERE delivery_note_id = ?',
          [id],
        )
      )[0].id,
    );
    const receive = (q: string) =>
      t.api.note('buyer01', RECEIVE, 'doReceive', {
        id,
        lines: [{ deliveryNoteLineId: lineId, receivedQty: q, acceptedQty: q, rejectedQty: '0' }],
      });
    expectError(await receive('1001'), 400, ['lines[0].acceptedQty']);
    await t.api.run("UPDATE srm_slc_supplier_info SET over_receipt_tolerance_pct = '5.00' WHERE supplier_id = 2");
    expectError(await receive('1051'), 400, ['lines[0].acceptedQty']);
    await t.api.run("UPDATE srm_base_material_item SET over_receipt_tolerance_pct = '2.00' WHERE item_id = 3");
    expectError(await receive('1021'), 400, ['lines[0].acceptedQty']);
    expect(await t.api.orderLine(90007)).toEqual({ shipped: '1000.0000', received: '0.0000' });
    expect(expectOk(await receive('1020')).status).toBe('RECEIVED');
    expect(await t.api.orderLine(90007)).toEqual({ shipped: '1000.0000', received: '1020.0000' });
    expect(await t.api.status('srm_pur_order_header', 'order_header_id', 9004)).toBe('RECEIVED');
    expect(await supplierTodos('SRM_DELIVERY_NOTE', id)).toEqual([{ supplierId: 2, handled: 'N', cancelled: 'N' }]);
  });
});

describe('demo data', () => {
  it('supplier01 sees its published and confirmed notices and its to-do; unchecked receipts of supplier01 this month exist', async () => {
    const list = expectOk(
      await t.api.notice('supplier01', SUP_NOTICE, 'listByPage', { params: {}, pageIndex: 1, pageRows: 100 }),
    );
    const demo = list
      .filter((r: any) => r.deliveryNoticeId >= 9101 && r.deliveryNoticeId <= 9104)
      .map((r: any) => r.status)
      .sort();
    expect(demo).toEqual(['CONFIRMED', 'PUBLISHED']);
    const rcv = await t.api.select(
      "SELECT amount_excl AS a FROM srm_pur_receipt_transaction WHERE supplier_id = 1 AND checked_flag = 'N' AND transaction_id BETWEEN 9301 AND 9304",
    );
    expect(rcv.map((r) => fixed2(r.a)).sort()).toEqual(['64.00', '848.30']);
  });
});
