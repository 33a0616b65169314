/**
 * The signed agreement as a PDF (drawn through the platform's PDF service, server/src/documents):
 * the agreement, the supplier's line, the terms and a signature block with the signer, the
 * supplier, the time and the SHA-256 of the signed content.
 * The content is a fixed text of those facts (signedContent), so anyone holding the records can
 * recompute the hash printed on the document.
 */
import { createHash } from 'node:crypto';
import { bothLanguages } from '@meridian/metadata';
import { a4Template, MM } from '../../../documents/pdfTemplates';
import { PdfWriter } from '../../../documents/pdfWriter';
import { declaredText } from '../../../http/declaredErrors';
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
  const subtitle = bothLanguages(declaredText('contractSign.pdfSubtitle'));
  pdf.text(`${subtitle}  ${doc.signNumber}`, 'body', { align: 'center' }).moveDown();
  pdf.field(declaredText('contractSign.pdfAgreementType'), doc.agreementType);
  pdf.field(declaredText('contractSign.pdfCompany'), doc.orgName);
  pdf.field(declaredText('contractSign.pdfValidity'), `${doc.validFrom} ~ ${show(doc.validTo)}`);
  pdf.field(declaredText('contractSign.pdfSignMethod'), doc.signMethod);
  pdf.field(declaredText('contractSign.pdfSupplier'), `${show(doc.supplierCode)} ${doc.supplierName}`);
  pdf.moveDown();
  pdf.text(bothLanguages(declaredText('contractSign.pdfTerms')), 'heading').moveDown(0.3);
  pdf.text(show(doc.description));
  for (const name of doc.termFileNames) pdf.text(`- ${name}`);
  pdf.moveDown(2);
  pdf.text(bothLanguages(declaredText('contractSign.pdfSignature')), 'heading').moveDown(0.3);
  pdf.field(declaredText('contractSign.pdfSignedBy'), `${signer.userName} (user ${signer.userId})`);
  pdf.field(declaredText('contractSign.pdfForSupplier'), `${signer.supplierName} (supplier ${signer.supplierId})`);
  pdf.field(declaredText('contractSign.pdfSignedAt'), signer.signedAt);
  pdf.text(`SHA-256: ${contentSha256}`, 'small');
  pdf.moveDown();
  pdf.text(`${bothLanguages(declaredText('contractSign.pdfSignedContent'))}:`, 'small');
  pdf.text(signedContent(doc, signer), 'small');
  return pdf.finish();
}
