/**
 * The import calls (docs/architecture.md "Spec: calls": importExcelRestful/importExcel, downloadImportTemplate),
 * through the one request client with the screen's menuId/respId: the server decides from the
 * menu which page (and entity) is imported, and whether the caller holds btnImport there.
 */
import { isApiError } from '../core/apiError';
import {
  isFileResult,
  request as defaultRequest,
  type FileResult,
  type RequestFn,
  type ScreenIds,
} from '../core/request';

export const IMPORT_BASE = '/api/exportServer/v1/importExcelRestful';

export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** What a refused import answers as data (HTTP 400): counts, the first row errors, the error file. */
export interface ImportRefusal {
  total: number;
  failed: number;
  errors: ImportRowError[];
  errorFileUrl?: string;
  errorFileId?: number;
}

export type ImportOutcome = { ok: true; imported: number } | { ok: false; message: string; refusal?: ImportRefusal };

export async function downloadImportTemplate(
  screen: ScreenIds,
  request: RequestFn = defaultRequest,
): Promise<FileResult> {
  const { data } = await request<unknown>(`${IMPORT_BASE}/downloadImportTemplate`, {}, { screen });
  if (!isFileResult(data)) throw new Error('downloadImportTemplate did not answer with a file');
  return data;
}

/** A refusal's data, when the answer carries one (other errors — 403, 413 — have none). */
export function refusalOf(data: unknown): ImportRefusal | undefined {
  const candidate = data as ImportRefusal | null;
  return candidate && Array.isArray(candidate.errors) ? candidate : undefined;
}

/** Uploads the file; a refusal (row errors) is an outcome to show, not an exception. */
export async function importExcel(
  screen: ScreenIds,
  file: File,
  request: RequestFn = defaultRequest,
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const { data } = await request<{ imported: number }>(`${IMPORT_BASE}/importExcel`, form, { screen });
    return { ok: true, imported: data.imported };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { ok: false, message: error.msg, refusal: refusalOf(error.data) };
  }
}

/** The error file is an attachment of the caller: fetched through the file server's download. */
export async function downloadErrorFile(
  url: string,
  screen: ScreenIds,
  request: RequestFn = defaultRequest,
): Promise<FileResult> {
  const { data } = await request<unknown>(url, undefined, { screen });
  if (!isFileResult(data)) throw new Error('the error file did not arrive as a file');
  return data;
}
