/**
 * What other domains may use of the invoice readers (docs/developer-guide.md "Domain modules"):
 * the PDF text reader, with which contract signing's tests read the PDF it generates.
 */
export { PdfTextReader } from './invoiceReader';
export type { InvoiceFile, InvoiceReading } from './invoiceReader';
