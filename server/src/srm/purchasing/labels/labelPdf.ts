/**
 * Printed labels and pack lists (DOMAIN 5.6/5.8, srmPurBarcodeReserve and srmPurReserveHeader):
 * PDFs drawn with pdfkit, one page per label at the configured label size (srmPurPrintSize), with a
 * Code 128 barcode drawn by bwip-js and the delivery-note facts in Chinese and English. Chinese
 * needs an embedded CJK font: LABEL_PDF_FONT names it (a .ttf/.otf, or a .ttc with #face); without
 * one found the print fails with a clear 500 instead of a PDF whose Chinese is blank.
 */
import * as fs from 'node:fs';
import { ApiError } from '../../../http/apiError';

export const MM = 72 / 25.4;

/** The default CJK font (Debian fonts-noto-cjk); LABEL_PDF_FONT overrides it. */
export const DEFAULT_LABEL_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular';

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

interface PdfDoc {
  registerFont(name: string, src: string, family?: string): PdfDoc;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(text: string, x?: number | object, y?: number, options?: object): PdfDoc;
  image(src: Buffer, x: number, y: number, options?: object): PdfDoc;
  addPage(options?: object): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
  y: number;
}

/** The CJK font file and face, or a 500 naming the setting when it is missing. */
export function labelFont(): { file: string; face?: string } {
  const entry = process.env.LABEL_PDF_FONT || DEFAULT_LABEL_FONT;
  const [file, face] = entry.split('#');
  if (!fs.existsSync(file))
    throw new ApiError(500, {
      cn: `标签打印字体不存在：${file}（请安装 fonts-noto-cjk 或用 LABEL_PDF_FONT 指定中文字体）`,
      en: `The label font is missing: ${file} (install fonts-noto-cjk or name a CJK font in LABEL_PDF_FONT)`,
    });
  return { file, face };
}

/** A Code 128 barcode as PNG (bwip-js) on white, without its own text: the value is printed as PDF text below it. */
export async function code128Png(value: string): Promise<Buffer> {
  const bwip = await import('bwip-js');
  return bwip.toBuffer({
    bcid: 'code128',
    text: value,
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 4,
    backgroundcolor: 'FFFFFF',
  });
}

async function newDoc(
  size: [number, number],
  margin: number,
  title: string,
): Promise<{ pdf: PdfDoc; done: Promise<Buffer> }> {
  // @ts-expect-error -- pdfkit ships no type declarations; the methods used are typed above.
  const { default: PDFDocument } = (await import('pdfkit')) as { default: new (options: object) => PdfDoc };
  const font = labelFont();
  const pdf = new PDFDocument({ size, margin, autoFirstPage: false, info: { Title: title, Author: 'Meridian SRM' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    pdf.on('data', (chunk) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
  });
  pdf.registerFont('cjk', font.file, font.face);
  return { pdf, done };
}

/** One page per label, each widthMm × heightMm. */
export async function labelsPdf(labels: LabelData[], size: LabelSize): Promise<Buffer> {
  const width = size.widthMm * MM;
  const height = size.heightMm * MM;
  const margin = 3 * MM;
  const { pdf, done } = await newDoc([width, height], margin, `Labels ${labels[0]?.deliveryNoteNumber ?? ''}`);
  const inner = width - 2 * margin;
  const barHeight = height * 0.28;
  const body = Math.max(5, Math.min(9, height / 24));
  for (const label of labels) {
    pdf.addPage({ size: [width, height], margin });
    pdf
      .font('cjk')
      .fontSize(body + 1)
      .text('送货标签 / Delivery label', margin, margin, { width: inner, align: 'center', lineBreak: false });
    const png = await code128Png(label.barcode);
    const top = margin + body * 1.8;
    pdf.image(png, margin, top, { fit: [inner, barHeight], align: 'center', valign: 'center' });
    pdf
      .fontSize(body)
      .text(label.barcode, margin, top + barHeight + 1, { width: inner, align: 'center', lineBreak: false });
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
      pdf.fontSize(body).text(`${name}: ${value}`, margin, y, { width: inner, lineBreak: false, ellipsis: true });
      y += body * 1.35;
    }
  }
  pdf.end();
  return done;
}

/** The appointment's pack list on A4: its barcode, then per delivery note its lines and its packs' barcodes. */
export async function packListPdf(list: PackList): Promise<Buffer> {
  const margin = 40;
  const { pdf, done } = await newDoc([595.28, 841.89], margin, `Pack list ${list.reserveNumber}`);
  pdf.addPage();
  pdf.font('cjk').fontSize(16).text('装箱单 / Pack list', { align: 'center' }).moveDown(0.3);
  pdf.image(await code128Png(list.reserveNumber), 197, pdf.y, { fit: [200, 40], align: 'center' });
  pdf.y += 44;
  pdf.fontSize(10).text(list.reserveNumber, { align: 'center' }).moveDown(0.5);
  const row = (cn: string, en: string, value: string) => pdf.fontSize(10).text(`${cn} / ${en}: ${value}`);
  row('预约单号', 'Appointment no.', list.reserveNumber);
  row('供应商', 'Supplier', list.supplierName);
  row('收货工厂', 'Ship-to plant', list.invOrgName);
  row('卸货月台', 'Dock', list.dockName);
  row('预约日期', 'Date', `${list.appointDate} ${list.timeSlot}`);
  row('车牌', 'Vehicle', list.vehicleNumber || '-');
  for (const note of list.notes) {
    pdf.moveDown(0.8).fontSize(12).text(`送货单 / Delivery note ${note.deliveryNoteNumber}  (${note.shipDate})`);
    for (const line of note.lines)
      pdf
        .fontSize(9)
        .text(
          `  ${line.lineNum}. ${line.poNumber}  ${line.itemCode} ${line.itemName}  ${line.shipQty} ${line.uomCode}`,
        );
    if (!note.labels.length) pdf.fontSize(9).text('  未生成条码 / No labels generated');
    for (const label of note.labels)
      pdf
        .fontSize(9)
        .text(`  [${label.packSeq}/${label.packCount}] ${label.barcode}  ${label.itemCode}  ${label.packQty}`);
  }
  pdf.end();
  return done;
}
