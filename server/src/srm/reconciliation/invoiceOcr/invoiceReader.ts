import type { I18nText } from '@meridian/metadata';
import { IMAGE_TYPES, imageText, isPdf, pdfText } from '../../../documents/documentText';
import { declaredText } from '../../../http/declaredErrors';
import { invoiceFieldsOf, type InvoiceFields } from './invoiceText';

/** The file an engine reads: its name, extension and bytes. */
export interface InvoiceFile {
  fileName: string;
  extension: string;
  content: Buffer;
}

/**
 * What an engine made of a file: its text and the fields found, or why it could not read it, in
 * words for the supplier. What went wrong inside (an engine's command line, a temporary path) is
 * logged on the server, never answered.
 */
export type InvoiceReading =
  { engine: string; text: string; fields: InvoiceFields } | { engine: string; unavailable: I18nText };

/** The engine's own words for the server's log; a command's stderr can be long. */
function logFailure(engine: string, file: InvoiceFile, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  console.error(`[meridian] invoice recognition (${engine}) failed on "${file.fileName}": ${detail.slice(0, 2000)}`);
}

/**
 * An invoice recognition engine. The local ones are a PDF's text layer and the `tesseract` command
 * for images (server/src/documents/documentText.ts); an outside OCR service is one more
 * implementation, put first in the list given to `readInvoice`.
 */
export interface InvoiceReader {
  readonly name: string;
  accepts(file: InvoiceFile): boolean;
  read(file: InvoiceFile): Promise<InvoiceReading>;
}

/** Text of every page of a PDF (its first five), a line per text row. */
export class PdfTextReader implements InvoiceReader {
  readonly name = 'pdf-text';

  accepts(file: InvoiceFile): boolean {
    return isPdf(file.extension, file.content);
  }

  async read(file: InvoiceFile): Promise<InvoiceReading> {
    const text = await pdfText(file.content);
    if (!text.trim()) return { engine: this.name, unavailable: declaredText('reconciliation.pdfWithoutText') };
    return { engine: this.name, text, fields: invoiceFieldsOf(text) };
  }
}

/** Images (PNG, JPEG) through the local `tesseract` command (Debian tesseract-ocr, chi_sim when installed). */
export class TesseractReader implements InvoiceReader {
  readonly name = 'tesseract';

  accepts(file: InvoiceFile): boolean {
    return IMAGE_TYPES.includes(file.extension);
  }

  async read(file: InvoiceFile): Promise<InvoiceReading> {
    let text: string | null;
    try {
      text = await imageText(file.content, file.extension);
    } catch (e) {
      logFailure(this.name, file, e);
      return { engine: this.name, unavailable: declaredText('reconciliation.imageUnreadable') };
    }
    if (text === null) return { engine: this.name, unavailable: declaredText('reconciliation.noImageEngine') };
    return { engine: this.name, text, fields: invoiceFieldsOf(text) };
  }
}

export const LOCAL_READERS: InvoiceReader[] = [new PdfTextReader(), new TesseractReader()];

/** The first engine that accepts the file reads it; none → unavailable, saying so. */
export async function readInvoice(
  file: InvoiceFile,
  readers: InvoiceReader[] = LOCAL_READERS,
): Promise<InvoiceReading> {
  const reader = readers.find((r) => r.accepts(file));
  if (!reader)
    return { engine: 'none', unavailable: declaredText('reconciliation.noEngineFor', { extension: file.extension }) };
  try {
    return await reader.read(file);
  } catch (e) {
    logFailure(reader.name, file, e);
    return { engine: reader.name, unavailable: declaredText('reconciliation.fileUnreadable') };
  }
}
