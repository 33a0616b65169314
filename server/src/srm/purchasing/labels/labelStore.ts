/**
 * Reads of delivery appointments and labels (DOMAIN 5.8 srmPurReserveHeader, srmPurBarcodeReserve,
 * srmPurPrintSize) over the delivery notes (5.6).
 */
import type { Row } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import type { SqlReads } from '../../../lifecycle/platformRows';
import { PartContext, supplierOf as callerSupplier } from '../partContext';
import type { LabelSize } from './labelPdf';

export const RESERVE = 'srmPurReserveHeader';
export const RESERVE_LINE = 'srmPurReserveLine';
export const BARCODE = 'srmPurBarcodeReserve';
export const PRINT_SIZE = 'srmPurPrintSize';
export const NOTE = 'srmPurDeliveryNote';
export const NOTE_LINE = 'srmPurDeliveryNoteLine';

/** The label size used when none is configured for BARCODE_LABEL (docs/decisions.md). */
export const DEFAULT_LABEL_SIZE: LabelSize = { widthMm: 100, heightMm: 70 };

/** Supplier-side actions: internal users get 403. Answers the caller's supplier. */
export function supplierOf(ctx: ResourceContext): number {
  const supplierId = callerSupplier(ctx);
  if (supplierId === null) throw declaredError('purchasingDelivery.supplierOnly');
  return supplierId;
}

const LINE_FIELDS = ['deliveryNoteLineId', 'lineNum', 'poNumber', 'itemCode', 'itemName', 'uomCode', 'shipQty'];
const LABEL_FIELDS = [
  'barcodeId',
  'barcode',
  'supplierId',
  'deliveryNoteId',
  'deliveryNoteLineId',
  'deliveryNoteNumber',
  'poNumber',
  'itemCode',
  'itemName',
  'uomCode',
  'packSeq',
  'packCount',
  'packQty',
  'printedFlag',
  'printCount',
];

export class LabelStore extends PartContext {
  /** Delivery notes by id: supplier, plant, status, number, ship date, packages. */
  async notes(tx: SqlReads, ids: number[]): Promise<Map<number, Row>> {
    const fields = [
      'deliveryNoteId',
      'deliveryNoteNumber',
      'supplierId',
      'invOrgId',
      'status',
      'shipDate',
      'packageQty',
    ];
    const rows = await this.rows.select(tx, NOTE, fields, { deliveryNoteId: ids });
    return new Map(rows.map((r) => [Number(r.deliveryNoteId), r]));
  }

  reserveLines(tx: SqlReads, reserveId: number): Promise<Row[]> {
    const fields = ['reserveLineId', 'lineNum', 'deliveryNoteId', 'deliveryNoteNumber'];
    return this.rows.select(tx, RESERVE_LINE, fields, { reserveId }, { orderBy: ['lineNum', 'reserveLineId'] });
  }

  /** A delivery-note line with its note's number, supplier, plant, status and ship date. */
  async noteLine(tx: SqlReads, deliveryNoteLineId: number): Promise<Row | undefined> {
    const line = await this.rows.one(tx, NOTE_LINE, [...LINE_FIELDS, 'deliveryNoteId', 'labelStatus'], {
      deliveryNoteLineId,
    });
    const note = line && (await this.notes(tx, [Number(line.deliveryNoteId)])).get(Number(line.deliveryNoteId));
    return note && { ...line, ...note };
  }

  noteLines(tx: SqlReads, deliveryNoteId: number): Promise<Row[]> {
    return this.rows.select(tx, NOTE_LINE, LINE_FIELDS, { deliveryNoteId }, { orderBy: ['lineNum'] });
  }

  /** Labels of delivery-note lines, or of delivery notes, in pack order. */
  labels(tx: SqlReads, by: 'deliveryNoteId' | 'barcodeId', ids: number[]): Promise<Row[]> {
    return this.rows.select(tx, BARCODE, LABEL_FIELDS, { [by]: ids }, { orderBy: ['deliveryNoteLineId', 'packSeq'] });
  }

  async supplierName(tx: SqlReads, supplierId: number): Promise<string> {
    const row = await this.rows.one(tx, 'srmSlcSupplierInfo', ['supplierName'], { supplierId });
    return String(row?.supplierName ?? supplierId);
  }

  /** The enabled size of a label type; BARCODE_LABEL falls back to DEFAULT_LABEL_SIZE. */
  async labelSize(tx: SqlReads, labelType = 'BARCODE_LABEL'): Promise<LabelSize> {
    const row = await this.rows.one(tx, PRINT_SIZE, ['widthMm', 'heightMm'], { labelType, enabledFlag: 'Y' });
    return row ? { widthMm: Number(row.widthMm), heightMm: Number(row.heightMm) } : DEFAULT_LABEL_SIZE;
  }
}
