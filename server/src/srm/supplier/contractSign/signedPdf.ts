/**
 * The signed agreement as a PDF (drawn through the platform's PDF service, server/src/documents):
 * the agreement, the supplier's line, the terms and a signature block with the signer, the
 * supplier, the time and the SHA-256 of the signed content.
 * The content is a fixed text of those facts (signedContent), so anyone holding the records can
 * recompute the hash printed on the document.
 */
import { createHash } from 'node:crypto';
import { a4Template, MM } from '../../../documents/pdfTemplates';
import { PdfWriter } from '../../../documents/pdfWriter';
import type { SignDocument, Signer } from './signProvider';

/** An agreement on A4 with a 50 pt margin. */
const SIGNED_AGREEMENT = a4Template('srmSlcElecSign signed agreement', 50 / MM);

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
  const pdf = await PdfWriter.open(SIGNED_AGREEMENT, {
    title: `${doc.signNumber} ${doc.signTitle}`,
    author: signer.supplierName,
    subject: contentSha256,
  });
  pdf.page().text(`${doc.signTitle}`, 'title', { align: 'center' }).moveDown(0.3);
  pdf.text(`供应商协议签署 / Supplier agreement  ${doc.signNumber}`, 'body', { align: 'center' }).moveDown();
  pdf.field('协议类型', 'Agreement type', doc.agreementType);
  pdf.field('公司', 'Company', doc.orgName);
  pdf.field('有效期', 'Validity', `${doc.validFrom} ~ ${show(doc.validTo)}`);
  pdf.field('签署方式', 'Signing method', doc.signMethod);
  pdf.field('供应商', 'Supplier', `${show(doc.supplierCode)} ${doc.supplierName}`);
  pdf.moveDown();
  pdf.text('协议说明与条款 / Description and terms', 'heading').moveDown(0.3);
  pdf.text(show(doc.description));
  for (const name of doc.termFileNames) pdf.text(`- ${name}`);
  pdf.moveDown(2);
  pdf.text('签署 / Signature', 'heading').moveDown(0.3);
  pdf.field('签署人', 'Signed by', `${signer.userName} (user ${signer.userId})`);
  pdf.field('代表供应商', 'For supplier', `${signer.supplierName} (supplier ${signer.supplierId})`);
  pdf.field('签署时间', 'Signed at', signer.signedAt);
  pdf.text(`SHA-256: ${contentSha256}`, 'small');
  pdf.moveDown();
  pdf.text('签署内容 / Signed content (the SHA-256 above is computed over these lines, UTF-8):', 'small');
  pdf.text(signedContent(doc, signer), 'small');
  return pdf.finish();
}
