/**
 * The signed agreement as a PDF (pdfkit): the agreement, the supplier's line, the terms and a
 * signature block with the signer, the supplier, the time and the SHA-256 of the signed content.
 * The content is a fixed text of those facts (signedContent), so anyone holding the records can
 * recompute the hash printed on the document.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { SignDocument, Signer } from './signProvider';

interface PdfDoc {
  registerFont(name: string, src: string, family?: string): PdfDoc;
  font(name: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(text: string, options?: object): PdfDoc;
  moveDown(lines?: number): PdfDoc;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
}

/** Fonts with Chinese glyphs, first found wins (ESIGN_PDF_FONT names another: a .ttf, or a .ttc with #face). */
const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc#WenQuanYi Micro Hei',
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
];

function cjkFont(): { file: string; face?: string } | undefined {
  const candidates = process.env.ESIGN_PDF_FONT ? [process.env.ESIGN_PDF_FONT, ...CJK_FONTS] : CJK_FONTS;
  for (const entry of candidates) {
    const [file, face] = entry.split('#');
    if (fs.existsSync(file)) return { file, face };
  }
  return undefined;
}

const show = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/** The signed facts, one "label: value" per line, in a fixed order: the hashed content. */
export function signedContent(doc: SignDocument, signer: Signer): string {
  return [
    `signNumber: ${doc.signNumber}`,
    `signTitle: ${doc.signTitle}`,
    `agreementType: ${doc.agreementType}`,
    `company: ${doc.orgName}`,
    `validFrom: ${doc.validFrom}`,
    `validTo: ${show(doc.validTo)}`,
    `signMethod: ${doc.signMethod}`,
    `description: ${show(doc.description)}`,
    `terms: ${doc.termFileNames.length ? doc.termFileNames.join(' | ') : '-'}`,
    `signLineId: ${doc.signLineId}`,
    `supplier: ${doc.supplierId} ${show(doc.supplierCode)} ${doc.supplierName}`,
    `signer: ${signer.userId} ${signer.userName}`,
    `signerSupplier: ${signer.supplierId} ${signer.supplierName}`,
    `signedAt: ${signer.signedAt}`,
  ].join('\n');
}

export const sha256Hex = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The PDF bytes of the signed agreement; `contentSha256` is printed in the signature block. */
export async function signedPdf(doc: SignDocument, signer: Signer, contentSha256: string): Promise<Buffer> {
  // @ts-expect-error -- pdfkit ships no type declarations; the methods used are typed above.
  const { default: PDFDocument } = (await import('pdfkit')) as { default: new (options: object) => PdfDoc };
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${doc.signNumber} ${doc.signTitle}`, Author: signer.supplierName, Subject: contentSha256 },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    pdf.on('data', (chunk) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
  });
  const font = cjkFont();
  if (font) pdf.registerFont('body', font.file, font.face).font('body');
  pdf.fontSize(18).text(`${doc.signTitle}`, { align: 'center' }).moveDown(0.3);
  pdf.fontSize(11).text(`供应商协议签署 / Supplier agreement  ${doc.signNumber}`, { align: 'center' }).moveDown();
  const row = (cn: string, en: string, value: string) => pdf.fontSize(11).text(`${cn} / ${en}: ${value}`);
  row('协议类型', 'Agreement type', doc.agreementType);
  row('公司', 'Company', doc.orgName);
  row('有效期', 'Validity', `${doc.validFrom} ~ ${show(doc.validTo)}`);
  row('签署方式', 'Signing method', doc.signMethod);
  row('供应商', 'Supplier', `${show(doc.supplierCode)} ${doc.supplierName}`);
  pdf.moveDown();
  pdf.fontSize(13).text('协议说明与条款 / Description and terms').moveDown(0.3);
  pdf.fontSize(11).text(show(doc.description));
  for (const name of doc.termFileNames) pdf.fontSize(11).text(`- ${name}`);
  pdf.moveDown(2);
  pdf.fontSize(13).text('签署 / Signature').moveDown(0.3);
  row('签署人', 'Signed by', `${signer.userName} (user ${signer.userId})`);
  row('代表供应商', 'For supplier', `${signer.supplierName} (supplier ${signer.supplierId})`);
  row('签署时间', 'Signed at', signer.signedAt);
  pdf.fontSize(9).text(`SHA-256: ${contentSha256}`);
  pdf.moveDown();
  pdf.fontSize(8).text('签署内容 / Signed content (the SHA-256 above is computed over these lines, UTF-8):');
  pdf.fontSize(8).text(signedContent(doc, signer));
  pdf.end();
  return done;
}
