import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { promisify } from 'node:util';
import { a4Template } from '../../../documents/pdfTemplates';
import { PdfWriter } from '../../../documents/pdfWriter';

/** A real PDF with a text layer, one line per entry, drawn through the platform's PDF service. */
export async function invoicePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PdfWriter.open(a4Template('invoice (test)'), { title: 'VAT Invoice' });
  pdf.page().text('VAT Invoice', 'title').moveDown();
  for (const line of lines) pdf.text(line, 'heading');
  return pdf.finish();
}

const run = promisify(execFile);

async function onPath(command: string, args: string[]): Promise<boolean> {
  return run(command, args, { timeout: 10000 }).then(
    () => true,
    () => false,
  );
}

/** Why an image cannot be read here, or null when the tesseract command is installed. */
export async function imageOcrMissing(): Promise<string | null> {
  return (await onPath('tesseract', ['--version'])) ? null : 'the tesseract command is not installed';
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A PNG of the lines in black on white (DejaVu Sans), drawn with @napi-rs/canvas (pdfjs-dist's canvas). */
export async function invoicePng(lines: string[]): Promise<Buffer> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  if (fs.existsSync(FONT)) GlobalFonts.registerFromPath(FONT, 'InvoiceSans');
  const canvas = createCanvas(1400, 80 * lines.length + 40);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000000';
  g.font = '34px InvoiceSans, DejaVu Sans, sans-serif';
  lines.forEach((line, i) => g.fillText(line, 30, 70 + i * 80));
  return canvas.encode('png');
}
