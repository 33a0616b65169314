import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { imageText, isPdf, pdfText } from './documentText';
import { a4Template } from './pdfTemplates';
import { PdfWriter } from './pdfWriter';

/** A PDF drawn through the platform's PDF service, one line of text per entry (none: an empty page). */
async function pdfOf(lines: string[]): Promise<Buffer> {
  const pdf = await PdfWriter.open(a4Template('text (test)'), { title: 'Text' });
  pdf.page();
  for (const line of lines) pdf.text(line, 'heading');
  return pdf.finish();
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A PNG of the lines in black on white (@napi-rs/canvas, pdfjs-dist's canvas). */
async function pngOf(lines: string[]): Promise<Buffer> {
  const { createCanvas, GlobalFonts } = await import('@napi-rs/canvas');
  if (fs.existsSync(FONT)) GlobalFonts.registerFromPath(FONT, 'TextSans');
  const canvas = createCanvas(1400, 80 * lines.length + 40);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000000';
  g.font = '34px TextSans, DejaVu Sans, sans-serif';
  lines.forEach((line, i) => g.fillText(line, 30, 70 + i * 80));
  return canvas.encode('png');
}

describe('document text', () => {
  it("reads a PDF's text layer, a line per row, and nothing of a page without text", async () => {
    const bytes = await pdfOf(['Invoice No.: 26320000009876', 'Total incl. tax: 958.58']);
    expect([isPdf('bin', bytes), isPdf('pdf', Buffer.alloc(0)), isPdf('png', Buffer.from('PNG'))]).toEqual([
      true,
      true,
      false,
    ]);
    const lines = (await pdfText(bytes)).split('\n').map((l) => l.trim());
    expect(lines).toEqual(expect.arrayContaining(['Invoice No.: 26320000009876', 'Total incl. tax: 958.58']));
    expect((await pdfText(await pdfOf([]))).trim()).toBe('');
    await expect(pdfText(Buffer.from('%PDF-1.4 not really'))).rejects.toThrow();
  });

  it('reads an image through tesseract, throws on a broken one, and answers null where tesseract is missing', async () => {
    const text = await imageText(await pngOf(['Invoice No.: 26320000009876']), 'png');
    if (text === null) return; // no tesseract here: nothing more to read
    expect(text.replace(/\s+/g, ' ')).toContain('26320000009876');
    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('not the rest of a PNG')]);
    await expect(imageText(broken, 'png')).rejects.toThrow();
  }, 60000);
});
