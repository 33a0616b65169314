import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * The text of an uploaded document, for code that reads values out of it (an invoice's number and
 * amounts): a PDF's text layer through pdfjs-dist, an image's through the local `tesseract`
 * command. A file that cannot be read throws; the caller logs why and words it for its user.
 */
const run = promisify(execFile);

/** Whether the file is a PDF, by its extension or its first bytes. */
export function isPdf(extension: string, content: Buffer): boolean {
  return extension === 'pdf' || content.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** Text of the first `maxPages` pages of a PDF, a line per text row ('' when it has no text layer: a scan). */
/** A PDF opened with pdf.js: its bundled standard fonts, no eval, no system fonts, no logging. */
export async function openPdf(content: Buffer) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = path.join(path.dirname(createRequire(__filename).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  return pdfjs.getDocument({
    data: new Uint8Array(content),
    standardFontDataUrl: `${pathToFileURL(fonts).href}/`,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

export async function pdfText(content: Buffer, maxPages = 5): Promise<string> {
  const document = await openPdf(content);
  try {
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(document.numPages, maxPages); n++) {
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
    return lines.join('\n');
  } finally {
    await document.destroy();
  }
}

/** The languages the local `tesseract` command reads, or null when it is not installed (asked once per process). */
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

/** Image types `imageText` reads. */
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'];

/** Text of a PNG or JPEG image through tesseract (Chinese and English when installed); null when tesseract is not installed. */
export async function imageText(content: Buffer, extension: string): Promise<string | null> {
  const languages = await tesseract();
  if (!languages) return null;
  const lang = ['chi_sim', 'eng'].filter((l) => languages.includes(l)).join('+') || languages[0];
  const input = path.join(os.tmpdir(), `meridian-ocr-${randomBytes(8).toString('hex')}.${extension}`);
  await fs.promises.writeFile(input, content, { mode: 0o600 });
  try {
    const { stdout } = await run('tesseract', [input, 'stdout', '-l', lang, '--psm', '6'], {
      timeout: 60000,
      maxBuffer: 4 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await fs.promises.rm(input, { force: true });
  }
}
