import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { CJK_FONTS, pdfFont } from './pdfFonts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-font-'));
const fontFile = path.join(dir, 'font.ttf');
fs.writeFileSync(fontFile, 'not read here');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function refusal(env: NodeJS.ProcessEnv): ApiError {
  try {
    pdfFont(env);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('the font was found');
}

describe('pdfFont', () => {
  it('takes PDF_FONT first, a .ttc with its #face', () => {
    expect(pdfFont({ PDF_FONT: `${fontFile}#Face`, LABEL_PDF_FONT: '/nonexistent.ttf' })).toEqual({
      file: fontFile,
      face: 'Face',
    });
  });

  it('reads the older names of the setting', () => {
    expect(pdfFont({ LABEL_PDF_FONT: fontFile })).toEqual({ file: fontFile });
    expect(pdfFont({ ESIGN_PDF_FONT: fontFile })).toEqual({ file: fontFile });
  });

  it('answers 500 naming the variable and the file when the named font is missing', () => {
    const e = refusal({ ESIGN_PDF_FONT: '/nonexistent/font.ttc#X' });
    expect(e.httpStatus).toBe(500);
    expect(e.text.en).toContain('ESIGN_PDF_FONT names /nonexistent/font.ttc');
    expect(e.text.cn).toContain('PDF_FONT');
  });

  it('finds an installed CJK font without a setting (fonts-noto-cjk on the test machines)', () => {
    const installed = CJK_FONTS.find((entry) => fs.existsSync(entry.split('#')[0]));
    expect(installed, 'install fonts-noto-cjk').toBeDefined();
    expect(pdfFont({}).file).toBe(installed!.split('#')[0]);
  });
});
