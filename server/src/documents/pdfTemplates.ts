/**
 * Page templates: what a kind of printed document looks like on paper — page size, margin and the
 * type sizes of its title, headings, body and small print. A document type names its template
 * once (labels, pack lists, signed agreements) and draws through PdfWriter, which applies it.
 */

/** Points per millimetre (PDF units are 1/72 inch). */
export const MM = 72 / 25.4;

export interface PdfTemplate {
  /** The document type, also the PDF's subject when none is given. */
  documentType: string;
  widthMm: number;
  heightMm: number;
  marginMm: number;
  /** Type sizes in points. */
  sizes: { title: number; heading: number; body: number; small: number };
}

export const A4 = { widthMm: 210, heightMm: 297 };

/** An A4 document of running text (agreements, lists). */
export function a4Template(documentType: string, marginMm = 17.6): PdfTemplate {
  return { documentType, ...A4, marginMm, sizes: { title: 18, heading: 13, body: 11, small: 8 } };
}

/**
 * A small label, one per page: type scales with the label's height (5–9 pt body), so a 100 × 70 mm
 * and a 50 × 30 mm label both fit their six lines.
 */
export function labelTemplate(documentType: string, size: { widthMm: number; heightMm: number }): PdfTemplate {
  const body = Math.max(5, Math.min(9, (size.heightMm * MM) / 24));
  return {
    documentType,
    widthMm: size.widthMm,
    heightMm: size.heightMm,
    marginMm: 3,
    sizes: { title: body + 1, heading: body + 1, body, small: body },
  };
}
