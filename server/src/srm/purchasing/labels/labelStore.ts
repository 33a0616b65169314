/**
 * Reads and writes of delivery appointments and labels (DOMAIN 5.8 srmPurReserveHeader,
 * srmPurBarcodeReserve, srmPurPrintSize) over the delivery notes (5.6).
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, Row, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { declaredError } from '../../../http/declaredErrors';
import type { ResourceContext } from '../../../resource/context';
import { EntityStore } from '../../../resource/entityStore';
import { supplierOf as callerSupplier } from '../partContext';
import type { LabelSize } from './labelPdf';

export const RESERVE = 'srmPurReserveHeader';
export const RESERVE_LINE = 'srmPurReserveLine';
export const BARCODE = 'srmPurBarcodeReserve';
export const PRINT_SIZE = 'srmPurPrintSize';
export const NOTE = 'srmPurDeliveryNote';
export const NOTE_LINE = 'srmPurDeliveryNoteLine';
export const SUPPLIER = 'srmSlcSupplierInfo';

/** Reads run in a transaction or on the database. */
type Reads = Pick<SqlExecutor, 'select'>;

/** The label size used when none is configured for BARCODE_LABEL (docs/decisions.md). */
export const DEFAULT_LABEL_SIZE: LabelSize = { widthMm: 100, heightMm: 70 };

/** Supplier-side actions: internal users get 403. Answers the caller's supplier. */
export function supplierOf(ctx: ResourceContext): number {
  const supplierId = callerSupplier(ctx);
  if (supplierId === null) throw declaredError('purchasingDelivery.supplierOnly');
  return supplierId;
}

export class LabelStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Delivery appointments and labels');
  }

  private cols(entity: string, names: string[], alias?: string): string {
    return names.map((n) => `${this.sql.c(entity, n, alias)} AS ${n}`).join(', ');
  }

  /** Delivery notes by id: supplier, plant, status, number, ship date, packages. */
  async notes(tx: Reads, ids: number[]): Promise<Map<number, Row>> {
    if (!ids.length) return new Map();
    const { t, c } = this.sql;
    const rows = await tx.select(
      `SELECT ${this.cols(NOTE, ['deliveryNoteId', 'deliveryNoteNumber', 'supplierId', 'invOrgId', 'status', 'shipDate', 'packageQty'])} ` +
        `FROM ${t(NOTE)} WHERE ${c(NOTE, 'deliveryNoteId')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((r) => [Number(r.deliveryNoteId), r]));
  }

  async reserveLines(tx: Reads, reserveId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${this.cols(RESERVE_LINE, ['reserveLineId', 'lineNum', 'deliveryNoteId', 'deliveryNoteNumber'])} FROM ${t(RESERVE_LINE)} ` +
        `WHERE ${c(RESERVE_LINE, 'reserveId')} = ? ORDER BY ${c(RESERVE_LINE, 'lineNum')}, ${c(RESERVE_LINE, 'reserveLineId')}`,
      [reserveId],
    );
  }

  /** A delivery-note line with its note's number, supplier, plant, status and ship date. */
  async noteLine(tx: Reads, lineId: number): Promise<Row | undefined> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${this.cols(NOTE_LINE, ['deliveryNoteLineId', 'deliveryNoteId', 'lineNum', 'poNumber', 'itemCode', 'itemName', 'uomCode', 'shipQty', 'labelStatus'], 'l')}, ` +
        `${this.cols(NOTE, ['deliveryNoteNumber', 'supplierId', 'invOrgId', 'status', 'shipDate'], 'n')} FROM ${t(NOTE_LINE)} l ` +
        `JOIN ${t(NOTE)} n ON ${c(NOTE, 'deliveryNoteId', 'n')} = ${c(NOTE_LINE, 'deliveryNoteId', 'l')} WHERE ${c(NOTE_LINE, 'deliveryNoteLineId', 'l')} = ?`,
      [lineId],
    );
    return row;
  }

  async noteLines(tx: Reads, noteId: number): Promise<Row[]> {
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${this.cols(NOTE_LINE, ['deliveryNoteLineId', 'lineNum', 'poNumber', 'itemCode', 'itemName', 'uomCode', 'shipQty'])} FROM ${t(NOTE_LINE)} ` +
        `WHERE ${c(NOTE_LINE, 'deliveryNoteId')} = ? ORDER BY ${c(NOTE_LINE, 'lineNum')}`,
      [noteId],
    );
  }

  private labelColumns = [
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

  /** Labels of delivery-note lines, or of delivery notes, in pack order. */
  async labels(tx: Reads, by: 'deliveryNoteLineId' | 'deliveryNoteId' | 'barcodeId', ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    const { t, c } = this.sql;
    return tx.select(
      `SELECT ${this.cols(BARCODE, this.labelColumns)} FROM ${t(BARCODE)} WHERE ${c(BARCODE, by)} IN (${ids.map(() => '?').join(', ')}) ` +
        `ORDER BY ${c(BARCODE, 'deliveryNoteLineId')}, ${c(BARCODE, 'packSeq')}`,
      ids,
    );
  }

  async supplierName(tx: SqlExecutor, supplierId: number): Promise<string> {
    return String((await this.one(tx, SUPPLIER, supplierId, false))?.supplierName ?? supplierId);
  }

  /** The enabled size of a label type; BARCODE_LABEL falls back to DEFAULT_LABEL_SIZE. */
  async labelSize(tx: Reads, labelType = 'BARCODE_LABEL'): Promise<LabelSize> {
    const { t, c } = this.sql;
    const [row] = await tx.select(
      `SELECT ${this.cols(PRINT_SIZE, ['widthMm', 'heightMm'])} FROM ${t(PRINT_SIZE)} WHERE ${c(PRINT_SIZE, 'labelType')} = ? AND ${c(PRINT_SIZE, 'enabledFlag')} = 'Y'`,
      [labelType],
    );
    return row ? { widthMm: Number(row.widthMm), heightMm: Number(row.heightMm) } : DEFAULT_LABEL_SIZE;
  }
}
