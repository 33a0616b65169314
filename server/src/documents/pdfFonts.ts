/**
 * The one place the server finds the font its PDFs are drawn with. Every document prints Chinese,
 * and pdfkit's built-in fonts have no CJK glyphs: a PDF drawn without an embedded CJK font shows
 * blank Chinese, so a missing font is a 500 naming the setting instead (docs/decisions.md,
 * issue 32 "One PDF service").
 *
 * PDF_FONT names the font (a .ttf/.otf, or a .ttc with #face). LABEL_PDF_FONT and ESIGN_PDF_FONT,
 * the documented names of the two earlier printers, are still read as older names of it. Without a
 * setting the first installed CJK font of CJK_FONTS is used (Debian fonts-noto-cjk first).
 */
import * as fs from 'node:fs';
import { ApiError } from '../http/apiError';

export interface PdfFont {
  file: string;
  /** The face inside a font collection (.ttc). */
  face?: string;
}

/** The setting first, then its older names. */
export const PDF_FONT_VARIABLES = ['PDF_FONT', 'LABEL_PDF_FONT', 'ESIGN_PDF_FONT'] as const;

/** Fonts with Chinese glyphs, first found wins. */
export const CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc#NotoSansCJKsc-Regular',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc#WenQuanYi Micro Hei',
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
];

function parse(entry: string): PdfFont {
  const [file, face] = entry.split('#');
  return face ? { file, face } : { file };
}

function missing(file: string, variable?: string): ApiError {
  const named = variable ? `${variable} 指定的` : '';
  return new ApiError(500, {
    cn: `PDF 中文字体不存在：${named}${file}（请安装 fonts-noto-cjk 或用 PDF_FONT 指定中文字体）`,
    en: `The PDF font is missing: ${variable ? `${variable} names ` : ''}${file} (install fonts-noto-cjk or name a CJK font in PDF_FONT)`,
  });
}

/** Found fonts by setting: the file system is searched once per setting, not once per document. */
const found = new Map<string, PdfFont>();

/** The CJK font for PDFs, or a 500 naming the setting (or the installation) when it is missing. */
export function pdfFont(env: NodeJS.ProcessEnv = process.env): PdfFont {
  const variable = PDF_FONT_VARIABLES.find((name) => env[name]);
  const key = variable ? `${variable}=${env[variable]}` : '';
  const known = found.get(key);
  if (known) return known;
  let font: PdfFont | undefined;
  if (variable) {
    font = parse(env[variable]!);
    if (!fs.existsSync(font.file)) throw missing(font.file, variable);
  } else {
    font = CJK_FONTS.map(parse).find((f) => fs.existsSync(f.file));
    if (!font) throw missing(CJK_FONTS.map((f) => parse(f).file).join(', '));
  }
  found.set(key, font);
  return font;
}
