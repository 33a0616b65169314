/**
 * Printed labels and pack lists (DOMAIN 5.6/5.8, srmPurBarcodeReserve and srmPurReserveHeader),
 * drawn through the platform's PDF service (server/src/documents): one page per label at the
 * configured label size (srmPurPrintSize) with its Code 128 barcode, and the appointment's pack list
 * on A4; the delivery-note facts in Chinese and English.
 */
import { MM, a4Template, labelTemplate } from '../../../documents/pdfTemplates';
import { PdfWriter } from '../../../documents/pdfWriter';

export interface LabelSize {
  widthMm: number;
  heightMm: number;
}

export interface LabelData {
  barcode: string;
  deliveryNoteNumber: string;
  poNumber: string;
  itemCode: string;
  itemName: string;
  packQty: string;
  uomCode: string;
  packSeq: number;
  packCount: number;
  supplierName: string;
  shipDate: string;
}

export interface PackListNote {
  deliveryNoteNumber: string;
  shipDate: string;
  lines: { lineNum: number; poNumber: string; itemCode: string; itemName: string; shipQty: string; uomCode: string }[];
  labels: { barcode: string; itemCode: string; packSeq: number; packCount: number; packQty: string }[];
}

export interface PackList {
  reserveNumber: string;
  supplierName: string;
  invOrgName: string;
  dockName: string;
  appointDate: string;
  timeSlot: string;
  vehicleNumber: string;
  notes: PackListNote[];
}

/** The pack list's template: A4 with a 40 pt margin, type a little smaller than an agreement's. */
const PACK_LIST = {
  ...a4Template('srmPurReserveHeader pack list', 40 / MM),
  sizes: { title: 16, heading: 12, body: 10, small: 9 },
};

/** One page per label, each widthMm × heightMm. */
export async function labelsPdf(labels: LabelData[], size: LabelSize): Promise<Buffer> {
  const template = labelTemplate('srmPurBarcodeReserve label', size);
  const pdf = await PdfWriter.open(template, { title: `Labels ${labels[0]?.deliveryNoteNumber ?? ''}` });
  const { margin, innerWidth: inner } = pdf;
  const height = size.heightMm * MM;
  const barHeight = height * 0.28;
  const body = template.sizes.body;
  const line = { width: inner, lineBreak: false };
  for (const label of labels) {
    pdf.page().text('送货标签 / Delivery label', 'title', { ...line, align: 'center' }, { x: margin, y: margin });
    const top = margin + body * 1.8;
    await pdf.barcode(label.barcode, { x: margin, y: top, width: inner, height: barHeight });
    pdf.text(label.barcode, 'body', { ...line, align: 'center' }, { x: margin, y: top + barHeight + 1 });
    const rows: [string, string][] = [
      ['送货单号 / DN no.', label.deliveryNoteNumber],
      ['订单号 / PO no.', label.poNumber],
      ['物料 / Item', `${label.itemCode} ${label.itemName}`],
      ['数量 / Qty', `${label.packQty} ${label.uomCode}    包装 / Pack ${label.packSeq}/${label.packCount}`],
      ['供应商 / Supplier', label.supplierName],
      ['日期 / Date', label.shipDate],
    ];
    let y = top + barHeight + body * 1.6;
    for (const [name, value] of rows) {
      pdf.text(`${name}: ${value}`, 'body', { ...line, ellipsis: true }, { x: margin, y });
      y += body * 1.35;
    }
  }
  return pdf.finish();
}

/** The appointment's pack list on A4: its barcode, then per delivery note its lines and its packs' barcodes. */
export async function packListPdf(list: PackList): Promise<Buffer> {
  const pdf = await PdfWriter.open(PACK_LIST, { title: `Pack list ${list.reserveNumber}` });
  pdf.page().text('装箱单 / Pack list', 'title', { align: 'center' }).moveDown(0.3);
  await pdf.barcode(list.reserveNumber, { x: 197, y: pdf.y, width: 200, height: 40 });
  pdf.text(list.reserveNumber, 'body', { align: 'center' }).moveDown(0.5);
  pdf.field('预约单号', 'Appointment no.', list.reserveNumber);
  pdf.field('供应商', 'Supplier', list.supplierName);
  pdf.field('收货工厂', 'Ship-to plant', list.invOrgName);
  pdf.field('卸货月台', 'Dock', list.dockName);
  pdf.field('预约日期', 'Date', `${list.appointDate} ${list.timeSlot}`);
  pdf.field('车牌', 'Vehicle', list.vehicleNumber || '-');
  for (const note of list.notes) {
    pdf.moveDown(0.8).text(`送货单 / Delivery note ${note.deliveryNoteNumber}  (${note.shipDate})`, 'heading');
    for (const line of note.lines)
      pdf.text(
        `  ${line.lineNum}. ${line.poNumber}  ${line.itemCode} ${line.itemName}  ${line.shipQty} ${line.uomCode}`,
        'small',
      );
    if (!note.labels.length) pdf.text('  未生成条码 / No labels generated', 'small');
    for (const label of note.labels)
      pdf.text(
        `  [${label.packSeq}/${label.packCount}] ${label.barcode}  ${label.itemCode}  ${label.packQty}`,
        'small',
      );
  }
  return pdf.finish();
}
