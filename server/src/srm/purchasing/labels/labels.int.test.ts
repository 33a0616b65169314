import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { MM } from '../../../documents/pdfTemplates';
import {
  BARCODE_RES,
  dayFromNow,
  LabelApi,
  pdfBarcodes,
  pdfPages,
  PUR_RESERVE,
  RESERVE_RES,
  SUP_GENERATE,
  SUP_PRINT,
  SUP_RESERVE,
} from './labelFixtures';
import { serverWith } from '../../../testing/proofServer';

/**
 * Delivery appointments, labels and label sizes (DOMAIN 5.8) over HTTP as the demo users: every
 * named action and transition, their illegal repeats (409), the wrong user type (403), another
 * supplier's rows (404 / not listed), and the printed PDFs read back (page size, barcode values,
 * delivery-note data). Demo rows: seeds/demo/58*. Runs on SQLite and, with DB_URL, on MariaDB.
 */
const t = serverWith('srm_labels', (server) => new LabelApi(server));

const list = async (user: string, menu: string, resource: string) =>
  expectOk(await t.api.call(user, menu, resource, 'listByPage', { pageIndex: 1, pageRows: 100 })) as any[];

describe('demo appointments and labels, by who looks', () => {
  it('supplier01 sees its SUBMITTED and DRAFT appointments, supplier02 none, buyers the submitted one only', async () => {
    const own = await list('supplier01', 'SUP_DELIVERY_RESERVE', RESERVE_RES);
    expect(own.map((r) => [r.reserveId, r.status])).toEqual(
      expect.arrayContaining([
        [5801, 'SUBMITTED'],
        [5802, 'DRAFT'],
      ]),
    );
    expect((await list('supplier02', 'SUP_DELIVERY_RESERVE', RESERVE_RES)).length).toBe(0);
    const buyer = await list('buyer01', 'PUR_DELIVERY_RESERVE', RESERVE_RES);
    expect(buyer.map((r) => r.reserveId)).toContain(5801);
    expect(buyer.map((r) => r.reserveId)).not.toContain(5802);
  });

  it('labels: each supplier lists its own; the buyer all', async () => {
    const own = await list('supplier01', SUP_PRINT, BARCODE_RES);
    expect(own.map((r) => r.barcode)).toEqual(
      expect.arrayContaining(['DN202611149203-01-001', 'DN202611149203-01-002']),
    );
    expect(own.every((r) => r.supplierId === 1)).toBe(true);
    const other = await list('supplier02', SUP_PRINT, BARCODE_RES);
    expect(other.map((r) => r.barcodeId).sort()).toEqual([5803, 5804]);
    expect((await list('buyer01', 'PUR_BARCODE_PRINT', BARCODE_RES)).length).toBeGreaterThanOrEqual(4);
  });

  it('findReserveInfoByReserveId: the appointment with its notes, lines and labels; another supplier gets 404', async () => {
    const info = expectOk(
      await t.api.reserve('supplier01', 'SUP_DELIVERY_RESERVE', 'findReserveInfoByReserveId', { reserveId: 5801 }),
    );
    expect(info.header).toMatchObject({ reserveNumber: 'RSV202611285801', status: 'SUBMITTED' });
    expect(info.deliveryNotes[0]).toMatchObject({ deliveryNoteNumber: 'DN202611219202', status: 'SHIPPED' });
    expect(info.deliveryNotes[0].lines[0]).toMatchObject({ itemCode: '1001000012' });
    expectError(
      await t.api.reserve('supplier02', 'SUP_DELIVERY_RESERVE', 'findReserveInfoByReserveId', { reserveId: 5801 }),
      404,
    );
    expectError(await t.api.reserve('supplier02', 'SUP_DELIVERY_RESERVE', 'doCancelAppoint', { id: 5801 }), 404);
  });

  it('findPurPrintSize answers the enabled sizes', async () => {
    const sizes = expectOk(
      await t.api.call('supplier01', SUP_PRINT, 'srmPurPrintSizeRestful', 'findPurPrintSize', {
        labelType: 'BARCODE_LABEL',
      }),
    );
    expect(sizes).toEqual([expect.objectContaining({ labelType: 'BARCODE_LABEL', widthMm: 100, heightMm: 70 })]);
  });
});

describe('booking an appointment', () => {
  let note: { noteId: number; lineId: number; number: string };
  let reserveId: number;
  const date = dayFromNow(20);

  it('refuses a draft note, another supplier’s note and a note listed twice (400)', async () => {
    note = await t.api.shippedNote('1000');
    const bad = async (lines: Record<string, unknown>[]) =>
      t.api.reserve('supplier01', SUP_RESERVE, 'saveOrUpdate', {
        invOrgId: 5,
        dockCode: 'DOCK_A',
        appointDate: date,
        timeSlot: '08-10',
        lines,
      });
    expectError(await bad([{ deliveryNoteId: 9201 }]), 400);
    expectError(await bad([{ deliveryNoteId: 9204 }]), 400);
    expectError(await bad([{ deliveryNoteId: note.noteId }, { deliveryNoteId: note.noteId }]), 400);
  });

  it('supplier01 saves and submits; the slot and the note are held; a second submit is 409', async () => {
    reserveId = await t.api.draft([note.noteId], date, 'DOCK_A', '08-10');
    expectError(await t.api.reserve('buyer01', PUR_RESERVE, 'doSubmit', { id: reserveId }), 403);
    expectOk(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: reserveId }));
    const [row] = await t.api.select(
      'SELECT status, active_slot_key AS k, delivery_note_ids AS ids FROM srm_pur_reserve_header WHERE reserve_id = ?',
      [reserveId],
    );
    expect(row).toMatchObject({ status: 'SUBMITTED', k: `5|DOCK_A|${date}|08-10` });
    expect(JSON.parse(String(row.ids))).toEqual([note.noteId]);
    expectError(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: reserveId }), 409);
    expectError(
      await t.api.reserve('supplier01', SUP_RESERVE, 'saveOrUpdate', { reserveId, remark: 'late edit' }),
      409,
    );
  });

  it('the same slot, or the same note, cannot be booked twice; cancelling frees both', async () => {
    const other = await t.api.shippedNote('500');
    const sameSlot = await t.api.draft([other.noteId], date, 'DOCK_A', '08-10');
    const slotAnswer = await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: sameSlot });
    expectError(slotAnswer, 409);
    expect(slotAnswer.body.msg).toContain('already booked');
    const sameNote = await t.api.draft([note.noteId], date, 'DOCK_B', '10-12');
    const noteAnswer = await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: sameNote });
    expectError(noteAnswer, 409);
    expect(noteAnswer.body.msg).toContain(note.number);
    expectOk(await t.api.reserve('supplier01', SUP_RESERVE, 'doCancelAppoint', { id: reserveId }));
    expectOk(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: sameSlot }));
    expectOk(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id: sameNote }));
    expectError(await t.api.reserve('supplier01', SUP_RESERVE, 'doCancelAppoint', { id: reserveId }), 409);
  });

  it('the buyer marks it arrived through updateStatus; suppliers cannot; an arrived appointment cannot be cancelled', async () => {
    const id = await t.api.draft([(await t.api.shippedNote('200')).noteId], date, 'DOCK_C', '13-15');
    expectError(await t.api.reserve('buyer01', PUR_RESERVE, 'updateStatus', { id }), 404);
    expectOk(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id }));
    expectError(await t.api.reserve('supplier01', SUP_RESERVE, 'updateStatus', { id }), 403);
    expectOk(await t.api.reserve('buyer01', PUR_RESERVE, 'updateStatus', { id }));
    expectError(await t.api.reserve('buyer01', PUR_RESERVE, 'updateStatus', { id }), 409);
    expectError(await t.api.reserve('supplier01', SUP_RESERVE, 'doCancelAppoint', { id }), 409);
    expect(await t.api.status('srm_pur_reserve_header', 'reserve_id', id)).toBe('ARRIVED');
  });

  it('the same actions under srmPurBarcodeReserveRestful (the spec’s grouping) with the same checks', async () => {
    const id = await t.api.draft([(await t.api.shippedNote('300')).noteId], date, 'DOCK_B', '15-17');
    expectError(await t.api.barcode('buyer01', PUR_RESERVE, 'doSubmit', { id }), 403);
    expectError(await t.api.barcode('supplier02', SUP_RESERVE, 'doSubmit', { id }), 404);
    expectOk(await t.api.barcode('supplier01', SUP_RESERVE, 'doSubmit', { id }));
    expectError(await t.api.barcode('supplier01', SUP_RESERVE, 'doSubmit', { id }), 409);
    const info = expectOk(
      await t.api.barcode('supplier01', SUP_RESERVE, 'findReserveInfoByReserveId', { reserveId: id }),
    );
    expect(info.header.status).toBe('SUBMITTED');
    expectError(await t.api.barcode('supplier02', SUP_RESERVE, 'findReserveInfoByReserveId', { reserveId: id }), 404);
    expectOk(await t.api.barcode('buyer01', PUR_RESERVE, 'updateStatus', { id }));
    expectError(await t.api.barcode('supplier01', SUP_RESERVE, 'doCancelAppoint', { id }), 409);
    const pdf = await t.api.download('buyer01', PUR_RESERVE, BARCODE_RES, 'doPringPack', { reserveId: id });
    expect(pdf.type).toContain('application/pdf');
    expect(expectOk(await t.api.barcode('supplier01', SUP_PRINT, 'findPurPrintSize', {})).length).toBe(2);
  });

  it('an appointment in the past cannot be submitted (400)', async () => {
    const id = await t.api.draft([(await t.api.shippedNote('100')).noteId], dayFromNow(-1), 'DOCK_C', '08-10');
    expectError(await t.api.reserve('supplier01', SUP_RESERVE, 'doSubmit', { id }), 400);
  });

  it('doPringPack: the pack list as an A4 PDF with the appointment, its notes and lines; a draft has none (409)', async () => {
    const file = await t.api.download('supplier01', 'SUP_DELIVERY_RESERVE', RESERVE_RES, 'doPringPack', {
      reserveId: 5801,
    });
    expect(file.type).toContain('application/pdf');
    const [page] = await pdfPages(file.bytes);
    expect(Math.round(page.width)).toBe(595);
    expect(page.text).toContain('RSV202611285801');
    expect(page.text).toContain('DN202611219202');
    expect(page.text).toContain('1001000012');
    expect(page.text).toContain('装箱单');
    expect((await pdfBarcodes(file.bytes))[0]).toEqual(['RSV202611285801']);
    const draft = await t.api.download('supplier01', 'SUP_DELIVERY_RESERVE', RESERVE_RES, 'doPringPack', {
      reserveId: 5802,
    });
    expect(draft.status).toBe(409);
    expect(
      (await t.api.download('supplier02', 'SUP_DELIVERY_RESERVE', RESERVE_RES, 'doPringPack', { reserveId: 5801 }))
        .status,
    ).toBe(404);
  });
});

describe('labels', () => {
  let note: { noteId: number; lineId: number; number: string };

  it('the shipped line awaits labels (findBarcodeOrder, the list page); another supplier does not see it', async () => {
    note = await t.api.shippedNote('5000');
    const waiting = expectOk(await t.api.barcode('supplier01', 'SUP_BARCODE_GENERATE', 'findBarcodeOrder', {}));
    expect(waiting.map((l: any) => l.deliveryNoteLineId)).toContain(note.lineId);
    const other = expectOk(await t.api.barcode('supplier02', 'SUP_BARCODE_GENERATE', 'findBarcodeOrder', {}));
    expect(other.map((l: any) => l.deliveryNoteLineId)).not.toContain(note.lineId);
  });

  it('refuses packs that do not add up (400), bad quantities (400), buyers (403), another supplier (404)', async () => {
    const gen = (user: string, packQtys: unknown, menu = SUP_GENERATE) =>
      t.api.barcode(user, menu, 'doSubmitBarcodePrint', { deliveryNoteLineId: note.lineId, packQtys });
    const short = await gen('supplier01', '2000,2000');
    expectError(short, 400);
    expect(short.body.msg).toContain('4000');
    expectError(await gen('supplier01', '2000,-3000'), 400);
    expectError(await gen('supplier01', 'abc'), 400);
    // The line is a declared id: text, zero or nothing at all is a 400 naming it, before any read.
    for (const deliveryNoteLineId of ['x', 0, undefined]) {
      const answer = await t.api.barcode('supplier01', SUP_GENERATE, 'doSubmitBarcodePrint', {
        deliveryNoteLineId,
        packQtys: '5000',
      });
      expectError(answer, 400);
    }
    expectError(await t.api.barcode('supplier01', SUP_PRINT, 'findPrintBarcode', { barcodeId: -1 }), 400, [
      'barcodeId',
    ]);
    expectError(await gen('supplier02', '5000'), 404);
    expectError(
      await t.api.barcode('buyer01', 'PUR_BARCODE_PRINT', 'doSubmitBarcodePrint', {
        deliveryNoteLineId: note.lineId,
        packQtys: '5000',
      }),
      403,
    );
  });

  it('generates one label per pack; a second generation is 409; the line leaves the waiting list', async () => {
    const made = expectOk(
      await t.api.barcode('supplier01', SUP_GENERATE, 'doSubmitBarcodePrint', {
        deliveryNoteLineId: note.lineId,
        packQtys: '2000，2000, 1000',
      }),
    );
    expect(made.barcodes).toEqual([`${note.number}-01-001`, `${note.number}-01-002`, `${note.number}-01-003`]);
    expectError(
      await t.api.barcode('supplier01', SUP_GENERATE, 'doSubmitBarcodePrint', {
        deliveryNoteLineId: note.lineId,
        packQtys: '5000',
      }),
      409,
    );
    const waiting = expectOk(await t.api.barcode('supplier01', 'SUP_BARCODE_GENERATE', 'findBarcodeOrder', {}));
    expect(waiting.map((l: any) => l.deliveryNoteLineId)).not.toContain(note.lineId);
  });

  it('findPrintBarcode: one page per label at the configured size, with the barcode values and the note’s data', async () => {
    const file = await t.api.download('supplier01', SUP_GENERATE, BARCODE_RES, 'findPrintBarcode', {
      deliveryNoteLineId: note.lineId,
    });
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/pdf');
    const pages = await pdfPages(file.bytes);
    expect(pages.length).toBe(3);
    for (const [i, page] of pages.entries()) {
      expect(page.width).toBeCloseTo(100 * MM, 1);
      expect(page.height).toBeCloseTo(70 * MM, 1);
      expect(page.text).toContain(`${note.number}-01-00${i + 1}`);
      expect(page.text).toContain('PO202611109003');
      expect(page.text).toContain('1001000012');
      expect(page.text).toContain('送货标签');
      expect(page.text).toContain('Delivery label');
    }
    expect(pages[2].text).toContain('1000 PCS');
    // The barcode image of each page scans to its value.
    expect(await pdfBarcodes(file.bytes)).toEqual([1, 2, 3].map((i) => [`${note.number}-01-00${i}`]));
    const rows = await t.api.select(
      'SELECT printed_flag AS p, print_count AS n FROM srm_pur_barcode_reserve WHERE delivery_note_line_id = ?',
      [note.lineId],
    );
    expect(rows.map((r) => [r.p, Number(r.n)])).toEqual([
      ['Y', 1],
      ['Y', 1],
      ['Y', 1],
    ]);
  });

  it('a changed label size prints at that size; reprinting one label from the print list counts again', async () => {
    expectOk(
      await t.api.call('admin', 'PUR_PRINT_SIZE', 'srmPurPrintSizeRestful', 'saveOrUpdate', {
        printSizeId: 5801,
        versionNum: 1,
        widthMm: '80',
        heightMm: '50',
      }),
    );
    const [label] = await t.api.select('SELECT barcode_id AS id FROM srm_pur_barcode_reserve WHERE barcode = ?', [
      `${note.number}-01-002`,
    ]);
    const file = await t.api.download('supplier01', SUP_PRINT, BARCODE_RES, 'findPrintBarcode', {
      barcodeId: Number(label.id),
    });
    const pages = await pdfPages(file.bytes);
    expect(pages.length).toBe(1);
    expect(pages[0].width).toBeCloseTo(80 * MM, 1);
    expect(pages[0].height).toBeCloseTo(50 * MM, 1);
    expect(pages[0].text).toContain(`${note.number}-01-002`);
    const [row] = await t.api.select('SELECT print_count AS n FROM srm_pur_barcode_reserve WHERE barcode_id = ?', [
      Number(label.id),
    ]);
    expect(Number(row.n)).toBe(2);
    expect(
      (await t.api.download('supplier02', SUP_PRINT, BARCODE_RES, 'findPrintBarcode', { barcodeId: Number(label.id) }))
        .status,
    ).toBe(404);
  });

  it('findBarcode finds a scanned value in scope only', async () => {
    const found = expectOk(
      await t.api.barcode('supplier01', SUP_PRINT, 'findBarcode', { barcode: `${note.number}-01-003` }),
    );
    expect(found).toMatchObject({ deliveryNoteLineId: note.lineId, packSeq: 3, packCount: 3 });
    expectError(await t.api.barcode('supplier02', SUP_PRINT, 'findBarcode', { barcode: `${note.number}-01-003` }), 404);
    expectOk(await t.api.barcode('buyer01', 'PUR_BARCODE_PRINT', 'findBarcode', { barcode: `${note.number}-01-003` }));
  });

  it('a missing CJK font fails the print with a clear message', async () => {
    const saved = process.env.LABEL_PDF_FONT;
    process.env.LABEL_PDF_FONT = '/nonexistent/font.ttc';
    try {
      const file = await t.api.download('supplier01', SUP_GENERATE, BARCODE_RES, 'findPrintBarcode', {
        deliveryNoteLineId: note.lineId,
      });
      expect(file.status).toBe(500);
      expect(file.bytes.toString('utf8')).toContain('LABEL_PDF_FONT');
    } finally {
      if (saved === undefined) delete process.env.LABEL_PDF_FONT;
      else process.env.LABEL_PDF_FONT = saved;
    }
  });

  it('doDeleteBarcodeData: another supplier 404, buyers 403; the owner deletes and the line awaits labels again', async () => {
    expectError(
      await t.api.barcode('supplier02', SUP_GENERATE, 'doDeleteBarcodeData', { deliveryNoteLineId: note.lineId }),
      404,
    );
    expectError(
      await t.api.barcode('buyer01', 'PUR_BARCODE_PRINT', 'doDeleteBarcodeData', { deliveryNoteLineId: note.lineId }),
      403,
    );
    const done = expectOk(
      await t.api.barcode('supplier01', SUP_GENERATE, 'doDeleteBarcodeData', { deliveryNoteLineId: note.lineId }),
    );
    expect(done.deleted).toBe(3);
    expectError(
      await t.api.barcode('supplier01', SUP_GENERATE, 'doDeleteBarcodeData', { deliveryNoteLineId: note.lineId }),
      409,
    );
    const waiting = expectOk(await t.api.barcode('supplier01', 'SUP_BARCODE_GENERATE', 'findBarcodeOrder', {}));
    expect(waiting.map((l: any) => l.deliveryNoteLineId)).toContain(note.lineId);
  });

  it('labels of a received note cannot be deleted (409)', async () => {
    expectError(await t.api.barcode('supplier01', SUP_PRINT, 'doDeleteBarcodeData', { barcodeId: 5801 }), 409);
  });
});
