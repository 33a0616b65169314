/**
 * What an import found: row counts and the refused rows, kept up to a cap so that a file of
 * 50,000 bad rows still answers in bounded memory (the counts stay exact).
 */
import type { Language } from '@meridian/metadata';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ApiError } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { FileService } from '../files/fileService';
import { downloadPath } from '../files/fileService';
import type { PlannedColumn } from './columnPlan';
import type { ExchangeCaller } from './exchangeAccess';
import type { ImportedRow } from './importRows';
import { errorWorkbook, type RejectedRow } from './importWorkbooks';
import { MAX_ANSWER_ERRORS, noDataRows, refusalText, rowField } from './rowErrors';

/** Refused rows kept for the error file. */
export const MAX_ERROR_FILE_ROWS = 5000;

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export interface StoredErrorFile {
  errorFileId: number;
  errorFileUrl: string;
}

export class ImportTally {
  total = 0;
  failed = 0;
  readonly errors: ImportError[] = [];
  readonly rejected: RejectedRow[] = [];

  add(row: ImportedRow): void {
    this.total++;
    if (!row.errors.length) return;
    this.failed++;
    for (const e of row.errors) if (this.errors.length < MAX_ANSWER_ERRORS) this.errors.push({ row: row.row, ...e });
    if (this.rejected.length < MAX_ERROR_FILE_ROWS) {
      this.rejected.push({
        row: row.row,
        cells: row.cells,
        messages: row.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)),
      });
    }
  }

  emptyError(): ApiError {
    return noDataRows();
  }

  /** 400: nothing was imported; the envelope's errors name row and column, data carries the details. */
  refusal(language: Language, stored: StoredErrorFile): ApiError {
    const text = refusalText(this.total, this.failed);
    const fieldErrors = this.errors.map((e) => ({ field: rowField(e.row, e.column, language), message: e.message }));
    return new ApiError(400, text, fieldErrors, {
      total: this.total,
      imported: 0,
      failed: this.failed,
      errors: this.errors,
      ...stored,
    });
  }
}

/** The error workbook, stored as an attachment of the caller (only they may download it). */
export async function storeErrorFile(
  kernel: Kernel,
  files: FileService,
  caller: ExchangeCaller,
  tally: ImportTally,
  columns: PlannedColumn[],
  originalName: string,
): Promise<StoredErrorFile> {
  const en = caller.ctx.language === 'EN';
  const content = await errorWorkbook(
    columns.map((c) => c.title),
    tally.rejected,
    { row: en ? 'Row' : '行号', errors: en ? 'Errors' : '错误信息' },
  );
  const key = await files.storage.put(Readable.from([content]));
  const userId = caller.identity.user.userId;
  const base = originalName.replace(/\.xlsx$/i, '') || 'import';
  const errorFileId = await kernel.db.transaction((tx) =>
    files.records.insert(
      tx,
      {
        fileId: key,
        originalFileName: `${base}-errors.xlsx`,
        extension: 'xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        path: 'import-errors',
        functionId: null,
        businessId: null,
        fileDesc: null,
        uploadedBy: userId,
      },
      userId,
    ),
  );
  return { errorFileId, errorFileUrl: downloadPath(errorFileId) };
}
