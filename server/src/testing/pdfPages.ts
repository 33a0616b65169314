/** A PDF's pages as tests and the end-to-end test read them: size in points and text (pdfjs-dist). No vitest here: Playwright imports it. */
import { openPdf } from '../documents/documentText';
import { decodeCode128Row } from './code128';

export interface PdfPage {
  width: number;
  height: number;
  text: string;
}

/** The pages of a PDF: size in points and the text drawn on it. */
export async function pdfPages(bytes: Buffer): Promise<PdfPage[]> {
  const doc = await openPdf(bytes);
  const pages: PdfPage[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view;
      const content = await page.getTextContent();
      const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      pages.push({ width: x1 - x0, height: y1 - y0, text });
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}

/** The Code 128 values of the images on each page, read across the middle of each image. */
export async function pdfBarcodes(bytes: Buffer): Promise<string[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      const found: string[] = [];
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
        const name = String(ops.argsArray[i][0]);
        const image = (await new Promise((resolve) => page.objs.get(name, resolve))) as {
          width: number;
          height: number;
          data?: Uint8ClampedArray;
        };
        if (!image.data) continue;
        const channels = Math.round(image.data.length / (image.width * image.height));
        const y = Math.floor(image.height / 2);
        const dark = (x: number) => {
          const at = (y * image.width + x) * channels;
          return image.data![at] < 128 && (channels < 4 || image.data![at + 3] >= 128);
        };
        const row = Array.from({ length: image.width }, (_, x) => dark(x));
        const text = decodeCode128Row(row);
        if (text !== undefined) found.push(text);
      }
      pages.push(found);
    }
  } finally {
    await doc.destroy();
  }
  return pages;
}
