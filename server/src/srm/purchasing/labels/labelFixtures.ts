import { expectOk } from '../../../testing/apiAssertions';
import { signedHeaders, type ApiAnswer } from '../../../testing/testServer';
import { DeliveryApi, noteBody } from '../delivery/deliveryFixtures';

export { pdfBarcodes, pdfPages } from '../../../testing/pdfPages';

/**
 * Test helpers of appointments and labels: shipped delivery notes of supplier01 made through the
 * API, calls answered with a file, and a PDF's pages (size in points, text) read with pdfjs-dist.
 */
export const RESERVE_RES = 'srmPurReserveHeaderRestful';
export const BARCODE_RES = 'srmPurBarcodeReserveRestful';
export const SUP_RESERVE = 'SUP_DELIVERY_RESERVE_EDIT';
export const SUP_GENERATE = 'SUP_BARCODE_GENERATE_EDIT';
export const SUP_PRINT = 'SUP_BARCODE_PRINT';
export const PUR_RESERVE = 'PUR_DELIVERY_RESERVE_VIEW';

/** yyyy-MM-dd `days` from today (appointments may not be in the past). */
export function dayFromNow(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export class LabelApi extends DeliveryApi {
  /** A shipped delivery note of supplier01 on order line 90005 (confirmed, 20,000 open). */
  async shippedNote(shipQty: string): Promise<{ noteId: number; lineId: number; number: string }> {
    const note = expectOk(
      await this.note(
        'supplier01',
        'SUP_DELIVERY_NOTE_EDIT',
        'saveOrUpdate',
        noteBody([{ orderLineId: 90005, shipQty }]),
      ),
    );
    expectOk(await this.note('supplier01', 'SUP_DELIVERY_NOTE', 'doShip', { id: note.deliveryNoteId }));
    return { noteId: note.deliveryNoteId, lineId: note.lines[0].deliveryNoteLineId, number: note.deliveryNoteNumber };
  }

  reserve(user: string, menu: string, action: string, body: unknown): Promise<ApiAnswer> {
    return this.call(user, menu, RESERVE_RES, action, body);
  }

  barcode(user: string, menu: string, action: string, body: unknown): Promise<ApiAnswer> {
    return this.call(user, menu, BARCODE_RES, action, body);
  }

  /** A DRAFT appointment of supplier01 at plant 5 for the notes. */
  async draft(noteIds: number[], date: string, dockCode = 'DOCK_C', timeSlot = '15-17'): Promise<number> {
    const saved = expectOk(
      await this.reserve('supplier01', SUP_RESERVE, 'saveOrUpdate', {
        invOrgId: 5,
        dockCode,
        appointDate: date,
        timeSlot,
        vehicleNumber: '苏E·88888',
        lines: noteIds.map((deliveryNoteId) => ({ deliveryNoteId })),
      }),
    );
    return saved.reserveId as number;
  }

  /** A call answered with a file, or its error envelope. */
  async download(user: string, menu: string, resource: string, action: string, body: unknown) {
    const res = await fetch(`${this.server.baseUrl}/api/srmServer/v1/${resource}/${action}`, {
      method: 'POST',
      headers: { ...signedHeaders(), ...(await this.headers(user, menu, resource)) },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get('content-type'), bytes };
  }
}
