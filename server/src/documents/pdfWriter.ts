/**
 * The platform's PDF service: every printed document (labels, pack lists, signed agreements, and
 * whatever prints later) is drawn through openPdf, so the font is found in one place (pdfFonts.ts),
 * pages follow their document type's template (pdfTemplates.ts) and pdfkit is wrapped once.
 */
import { bothLanguages, type I18nText } from '@meridian/metadata';
import { pdfFont } from './pdfFonts';
import { MM, type PdfTemplate } from './pdfTemplates';
import { code128Png } from './barcode';

/** The part of pdfkit's document used here (pdfkit ships no type declarations). */
interface PdfKitDoc {
  registerFont(name: string, src: string, family?: string): PdfKitDoc;
  font(name: string): PdfKitDoc;
  fontSize(size: number): PdfKitDoc;
  text(text: string, x?: number | object, y?: number, options?: object): PdfKitDoc;
  image(src: Buffer, x: number, y: number, options?: object): PdfKitDoc;
  addPage(options?: object): PdfKitDoc;
  moveDown(lines?: number): PdfKitDoc;
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'end', listener: () => void): void;
  end(): void;
  y: number;
}

export interface PdfInfo {
  title: string;
  author?: string;
  subject?: string;
}

type Size = keyof PdfTemplate['sizes'];
type TextOptions = { align?: 'left' | 'center' | 'right'; width?: number; lineBreak?: boolean; ellipsis?: boolean };

export class PdfWriter {
  private readonly done: Promise<Buffer>;

  private constructor(
    private readonly doc: PdfKitDoc,
    readonly template: PdfTemplate,
  ) {
    const chunks: Buffer[] = [];
    this.done = new Promise<Buffer>((resolve) => {
      doc.on('data', (chunk) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
    });
  }

  /** A new document of the template's type; no page yet (page() starts one). */
  static async open(template: PdfTemplate, info: PdfInfo): Promise<PdfWriter> {
    const font = pdfFont();
    // @ts-expect-error -- pdfkit ships no type declarations; the methods used are typed above.
    const { default: PDFDocument } = (await import('pdfkit')) as { default: new (options: object) => PdfKitDoc };
    const doc = new PDFDocument({
      size: [template.widthMm * MM, template.heightMm * MM],
      margin: template.marginMm * MM,
      autoFirstPage: false,
      info: {
        Title: info.title,
        Author: info.author ?? 'Meridian SRM',
        Subject: info.subject ?? template.documentType,
      },
    });
    doc.registerFont('body', font.file, font.face);
    return new PdfWriter(doc, template);
  }

  /** Page geometry in points: the margin and the width inside it. */
  get margin(): number {
    return this.template.marginMm * MM;
  }
  get innerWidth(): number {
    return this.template.widthMm * MM - 2 * this.margin;
  }
  get y(): number {
    return this.doc.y;
  }

  page(): this {
    this.doc.addPage({ size: [this.template.widthMm * MM, this.template.heightMm * MM], margin: this.margin });
    this.doc.font('body');
    return this;
  }

  /** Text in the template's size `size`, where the last text ended (or at x, y). */
  text(value: string, size: Size = 'body', options: TextOptions = {}, at?: { x: number; y: number }): this {
    this.doc.fontSize(this.template.sizes[size]);
    if (at) this.doc.text(value, at.x, at.y, options);
    else this.doc.text(value, options);
    return this;
  }

  /** "标签 / Label: value", the bilingual row every document prints its facts in. */
  field(label: I18nText, value: string, size: Size = 'body'): this {
    return this.text(`${bothLanguages(label)}: ${value}`, size);
  }

  moveDown(lines = 1): this {
    this.doc.moveDown(lines);
    return this;
  }

  /** A Code 128 barcode fitted into the box (points); the cursor moves just below it. */
  async barcode(value: string, box: { x: number; y: number; width: number; height: number }): Promise<this> {
    const png = await code128Png(value);
    this.doc.image(png, box.x, box.y, { fit: [box.width, box.height], align: 'center', valign: 'center' });
    this.doc.y = box.y + box.height + 4;
    return this;
  }

  /** Ends the document: its bytes. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
