/**
 * An import's row errors and limits, one wording for every import: the generic importExcel
 * (importTally.ts) and a domain's own import actions (lines appended to a header, a rule's
 * factor tree). A refused file names each bad row (and column) and writes nothing.
 */
import type { I18nText, Language } from '@meridian/metadata';
import { ApiError, Errors } from '../http/apiError';

/** Row errors listed in an answer; the count of bad rows stays exact. */
export const MAX_ANSWER_ERRORS = 200;
/** Rows a domain's import action reads at most (the whole file is checked before anything is written). */
export const MAX_SHEET_ROWS = 5000;

export const noDataRows = (): ApiError => Errors.badRequest('导入文件没有数据行', 'The file has no data rows');

export const tooManyRows = (max: number): ApiError =>
  Errors.badRequest(`一次最多导入 ${max} 行`, `At most ${max} rows at once`);

/** The envelope's error field of a row: "row 3 Score" / "第 3 行 得分". */
export function rowField(row: number, column: string, language: Language): string {
  const at = language === 'EN' ? `row ${row}` : `第 ${row} 行`;
  return column ? `${at} ${column}` : at;
}

export function refusalText(total: number, failed: number): I18nText {
  return {
    cn: `导入失败：${total} 行中有 ${failed} 行有错误，没有导入任何数据`,
    en: `Import refused: ${failed} of ${total} rows have errors; nothing was imported`,
  };
}

/** The bad rows of a domain's import, collected while every row is checked. */
export class RowErrors {
  private readonly listed: { row: number; column: string; message: string }[] = [];
  private readonly rows = new Set<number>();

  add(row: number, message: string, column = ''): void {
    this.rows.add(row);
    if (this.listed.length < MAX_ANSWER_ERRORS) this.listed.push({ row, column, message });
  }

  get failed(): number {
    return this.rows.size;
  }

  /** 400 naming every bad row (up to the cap), or undefined when every row passed. */
  refusal(total: number, language: Language): ApiError | undefined {
    if (!this.failed) return undefined;
    const errors = this.listed.map((e) => ({ field: rowField(e.row, e.column, language), message: e.message }));
    return new ApiError(400, refusalText(total, this.failed), errors);
  }
}
