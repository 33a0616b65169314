/**
 * Printed labels and pack lists (DOMAIN 5.6/5.8, srmPurBarcodeReserve and srmPurReserveHeader),
 * drawn through the platform's PDF service (server/src/documents): one page per label at the
 * configured label size (srmPurPrintSize) with its Code 128 barcode, and the appointment's pack list
 * on A4; the delivery-note facts in Chinese and English (texts: purchasing/messages/purchasingPrint.json).
 */
import { bothLanguages, type I18nText } from '@meridian/metadata';
import type { Row } from '../../../db/sqlExecutor';
import { MM, a4Template, labelTemplate } from '../../../documents/pdfTemplates';
import { PdfWriter } from '../../../documents/pdfWriter';
import { declaredText } from '../../../http/declaredErrors';

export interface LabelSize {
  widthMm: number;
  heightMm: number;
}

/** A stored value as printed: blank when empty. */
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/** A stored quantity without its trailing zeros (1000.0000 → 1000). */
const qty = (v: unknown): string => String(Number(v));

/** The pack list's template: A4 with a 40 pt margin, type a little smaller than an agreement's. */
const PACK_LIST = {
  ...a4Template('srmPurReserveHeader pack list', 40 / MM),
  sizes: { title: 16, heading: 12, body: 10, small: 9 },
};

/**
 * One page per label (rows of srmPurBarcodeReserve with their note's supplierName and shipDate, and
 * packQty as printed), each widthMm × heightMm.
 */
export async function labelsPdf(labels: Row[], size: LabelSize): Promise<Buffer> {
  const template = labelTemplate('srmPurBarcodeReserve label', size);
  const pdf = await PdfWriter.open(template, { title: `Labels ${text(labels[0]?.deliveryNoteNumber)}` });
  const { margin, innerWidth: inner } = pdf;
  const height = size.heightMm * MM;
  const barHeight = height * 0.28;
  const body = template.sizes.body;
  const line = { width: inner, lineBreak: false };
  for (const label of labels) {
    pdf
      .page()
      .text(
        bothLanguages(declaredText('purchasingPrint.labelTitle')),
        'title',
        { ...line, align: 'center' },
        { x: margin, y: margin },
      );
    const top = margin + body * 1.8;
    const barcode = String(label.barcode);
    await pdf.barcode(barcode, { x: margin, y: top, width: inner, height: barHeight });
    pdf.text(barcode, 'body', { ...line, align: 'center' }, { x: margin, y: top + barHeight + 1 });
    const pack = `${bothLanguages(declaredText('purchasingPrint.pack'))} ${text(label.packSeq)}/${text(label.packCount)}`;
    const rows: [I18nText, string][] = [
      [declaredText('purchasingPrint.deliveryNoteNumber'), text(label.deliveryNoteNumber)],
      [declaredText('purchasingPrint.poNumber'), text(label.poNumber)],
      [declaredText('purchasingPrint.item'), `${text(label.itemCode)} ${text(label.itemName)}`],
      [declaredText('purchasingPrint.quantity'), `${text(label.packQty)} ${text(label.uomCode)}    ${pack}`],
      [declaredText('purchasingPrint.supplier'), text(label.supplierName)],
      [declaredText('purchasingPrint.date'), text(label.shipDate).slice(0, 10)],
    ];
    let y = top + barHeight + body * 1.6;
    for (const [name, value] of rows) {
      pdf.text(`${bothLanguages(name)}: ${value}`, 'body', { ...line, ellipsis: true }, { x: margin, y });
      y += body * 1.35;
    }
  }
  return pdf.finish();
}

/**
 * The appointment's pack list on A4: its barcode, then per delivery note (rows with their `lines`
 * and `labels`) its lines and its packs' barcodes. `dock` and `slot` are the lookups' meanings.
 */
export async function packListPdf(header: Row, place: { dock: string; slot: string }, notes: Row[]): Promise<Buffer> {
  const reserveNumber = String(header.reserveNumber);
  const pdf = await PdfWriter.open(PACK_LIST, { title: `Pack list ${reserveNumber}` });
  pdf
    .page()
    .text(bothLanguages(declaredText('purchasingPrint.packListTitle')), 'title', { align: 'center' })
    .moveDown(0.3);
  await pdf.barcode(reserveNumber, { x: 197, y: pdf.y, width: 200, height: 40 });
  pdf.text(reserveNumber, 'body', { align: 'center' }).moveDown(0.5);
  pdf.field(declaredText('purchasingPrint.appointmentNumber'), reserveNumber);
  pdf.field(declaredText('purchasingPrint.supplier'), text(header.supplierName ?? header.supplierId));
  pdf.field(declaredText('purchasingPrint.shipToPlant'), text(header.invOrgName ?? header.invOrgId));
  pdf.field(declaredText('purchasingPrint.dock'), place.dock);
  pdf.field(declaredText('purchasingPrint.appointmentDate'), `${text(header.appointDate).slice(0, 10)} ${place.slot}`);
  pdf.field(declaredText('purchasingPrint.vehicle'), text(header.vehicleNumber) || '-');
  for (const note of notes) {
    const when = text(note.shipDate).slice(0, 10);
    const heading = `${bothLanguages(declaredText('purchasingPrint.deliveryNote'))} ${text(note.deliveryNoteNumber)}  (${when})`;
    pdf.moveDown(0.8).text(heading, 'heading');
    for (const line of note.lines as Row[])
      pdf.text(
        `  ${text(line.lineNum)}. ${text(line.poNumber)}  ${text(line.itemCode)} ${text(line.itemName)}  ${qty(line.shipQty)} ${text(line.uomCode)}`,
        'small',
      );
    const labels = note.labels as Row[];
    if (!labels.length) pdf.text(`  ${bothLanguages(declaredText('purchasingPrint.noLabels'))}`, 'small');
    for (const label of labels)
      pdf.text(
        `  [${text(label.packSeq)}/${text(label.packCount)}] ${text(label.barcode)}  ${text(label.itemCode)}  ${qty(label.packQty)}`,
        'small',
      );
  }
  return pdf.finish();
}
