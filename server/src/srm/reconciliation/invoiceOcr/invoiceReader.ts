import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { I18nText } from '@meridian/metadata';
import { invoiceFieldsOf, type InvoiceFields } from './invoiceText';

const run = promisify(execFile);

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

const unreadable = (engine: string, cn: string, en: string): InvoiceReading => ({ engine, unavailable: { cn, en } });

/** The engine's own words for the server's log; a command's stderr can be long. */
function logFailure(engine: string, file: InvoiceFile, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  console.error(`[meridian] invoice recognition (${engine}) failed on "${file.fileName}": ${detail.slice(0, 2000)}`);
}

/**
 * An invoice recognition engine. The local ones are a PDF's text layer (pdfjs-dist) and the
 * `tesseract` command for images; an outside OCR service is one more implementation, put first in
 * the list given to `readInvoice`.
 */
export interface InvoiceReader {
  readonly name: string;
  accepts(file: InvoiceFile): boolean;
  read(file: InvoiceFile): Promise<InvoiceReading>;
}

/** Text of every page of a PDF, a line per text row (pdfjs-dist, legacy build for Node). */
export class PdfTextReader implements InvoiceReader {
  readonly name = 'pdf-text';

  accepts(file: InvoiceFile): boolean {
    return file.extension === 'pdf' || file.content.subarray(0, 5).toString('latin1') === '%PDF-';
  }

  async read(file: InvoiceFile): Promise<InvoiceReading> {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const fonts = path.join(
      path.dirname(createRequire(__filename).resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    );
    const document = await pdfjs.getDocument({
      data: new Uint8Array(file.content),
      standardFontDataUrl: `${pathToFileURL(fonts).href}/`,
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    try {
      const lines: string[] = [];
      for (let n = 1; n <= Math.min(document.numPages, 5); n++) {
        const page = await document.getPage(n);
        const content = await page.getTextContent();
        let current = '';
        for (const item of content.items) {
          if (!('str' in item)) continue;
          current += item.str;
          if (item.hasEOL) {
            lines.push(current);
            current = '';
          } else if (item.str && !current.endsWith(' ')) current += ' ';
        }
        if (current.trim()) lines.push(current);
      }
      const text = lines.join('\n');
      if (!text.trim())
        return unreadable(
          this.name,
          'PDF 没有文字层（扫描件），请手工录入发票',
          'The PDF has no text layer (a scan): enter the invoice by hand',
        );
      return { engine: this.name, text, fields: invoiceFieldsOf(text) };
    } finally {
      await document.destroy();
    }
  }
}

/** Whether a command runs here (checked at run time, once per process). */
let tesseractLanguages: Promise<string[] | null> | undefined;
function tesseract(): Promise<string[] | null> {
  tesseractLanguages ??= run('tesseract', ['--list-langs'], { timeout: 10000 })
    .then(({ stdout }) =>
      stdout
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .catch(() => null);
  return tesseractLanguages;
}

/** Images (PNG, JPEG) through the local `tesseract` command (Debian tesseract-ocr, chi_sim when installed). */
export class TesseractReader implements InvoiceReader {
  readonly name = 'tesseract';

  accepts(file: InvoiceFile): boolean {
    return ['png', 'jpg', 'jpeg'].includes(file.extension);
  }

  async read(file: InvoiceFile): Promise<InvoiceReading> {
    const languages = await tesseract();
    if (!languages)
      return unreadable(
        this.name,
        '服务器不能识别图片发票，请手工录入发票',
        'This server cannot read invoice images: enter the invoice by hand',
      );
    const lang = ['chi_sim', 'eng'].filter((l) => languages.includes(l)).join('+') || languages[0];
    const input = path.join(os.tmpdir(), `meridian-ocr-${randomBytes(8).toString('hex')}.${file.extension}`);
    await fs.promises.writeFile(input, file.content, { mode: 0o600 });
    try {
      const { stdout } = await run('tesseract', [input, 'stdout', '-l', lang, '--psm', '6'], {
        timeout: 60000,
        maxBuffer: 4 * 1024 * 1024,
      });
      return { engine: this.name, text: stdout, fields: invoiceFieldsOf(stdout) };
    } catch (e) {
      logFailure(this.name, file, e);
      return unreadable(
        this.name,
        '无法识别该图片（文件可能已损坏或不是发票图片），请检查文件或手工录入发票',
        'The image could not be read (it may be damaged or not an invoice image): check the file or enter the invoice by hand',
      );
    } finally {
      await fs.promises.rm(input, { force: true });
    }
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
    return unreadable(
      'none',
      `不能识别 .${file.extension} 文件，请手工录入发票`,
      `No recognition engine reads .${file.extension} files: enter the invoice by hand`,
    );
  try {
    return await reader.read(file);
  } catch (e) {
    logFailure(reader.name, file, e);
    return unreadable(
      reader.name,
      '无法读取该文件（可能已损坏），请检查文件或手工录入发票',
      'The file could not be read (it may be damaged): check the file or enter the invoice by hand',
    );
  }
}
