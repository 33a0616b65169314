/**
 * A domain's import of lines into one header (performance expressions, simple results, a
 * statement's lines): the sheet read through exchange's import path (sheetRecords.ts), every row
 * checked as a line of a saveOrUpdate body, any bad row refusing the file with exchange's row
 * errors, and the good file appended through the header's own saveOrUpdate — its editable state,
 * version, hooks and totals — so the header and all its lines are written in one transaction.
 */
import { pickText, type EntityModel, type FilterNode, type Language } from '@meridian/metadata';
import { ApiError, Errors } from '../http/apiError';
import type { ActionRequest, Kernel } from '../kernel';
import { formRecordId } from '../platform/actionInput';
import type { ResourceContext } from '../resource/context';
import { prepareRecord } from '../resource/recordPreparation';
import type { PlannedColumn } from './columnPlan';
import type { ImportedRow } from './importRows';
import { RowErrors } from './rowErrors';
import { fieldColumns, readRecords } from './sheetRecords';

type Values = Record<string, unknown>;

export interface LineImport {
  header: EntityModel;
  /** The header as the caller may change it, with its children (ResourceReader.withChildren). */
  stored: Values;
  /** The header's child the rows are appended to. */
  child: string;
  /** The line fields a sheet may fill. */
  fields: string[];
  /** The caller's writing scope on the header (authorizeEntityAction 'saveOrUpdate'). */
  scope: FilterNode | undefined;
  maxRows?: number;
}

/** A validation error of one line under its column's title. */
function lineErrors(error: unknown, columns: PlannedColumn[], language: Language): ImportedRow['errors'] {
  if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
  const titleOf = (field: string) => columns.find((c) => c.key === field.split(/[.[]/)[0])?.title ?? field;
  if (error.errors?.length) return error.errors.map((f) => ({ column: titleOf(f.field), message: f.message }));
  return [{ column: '', message: pickText(error.text, language) }];
}

/** The stored lines as a save sends them back: their own fields and key. */
function keptLines(line: EntityModel, rows: Values[]): Values[] {
  const own = line.fields.filter((f) => !f.system || f.system === 'primaryKey').map((f) => f.name);
  return rows.map((r) => Object.fromEntries(own.filter((n) => n in r).map((n) => [n, r[n]])));
}

/** Reads, checks and appends the lines of the upload at `file`; answers the saved header and the count. */
export async function importLines(
  kernel: Kernel,
  file: string,
  spec: LineImport,
  ctx: ResourceContext,
): Promise<{ data: unknown; imported: number }> {
  const { header, stored, child } = spec;
  const relation = header.children.find((c) => c.name === child);
  const line = relation && kernel.registry.entity(relation.entity);
  if (!line) throw new Error(`${header.name} has no child ${child}`);
  const columns = fieldColumns(line, spec.fields, ctx.language);
  const rows = await readRecords(kernel, file, line, columns, ctx.language, spec.maxRows);
  const errors = new RowErrors();
  for (const row of rows) {
    if (!row.errors.length) {
      try {
        prepareRecord(kernel.registry, line, row.body, ctx);
      } catch (e) {
        row.errors.push(...lineErrors(e, columns, ctx.language));
      }
    }
    for (const e of row.errors) errors.add(row.row, e.message, e.column);
  }
  const refused = errors.refusal(rows.length, ctx.language);
  if (refused) throw refused;
  const kept = keptLines(line, (stored[child] as Values[] | undefined) ?? []);
  const body = {
    [header.primaryKey]: stored[header.primaryKey],
    versionNum: stored.versionNum,
    [child]: [...kept, ...rows.map((r) => r.body)],
  };
  const saved = await kernel.resources.run('saveOrUpdate', header, body, ctx, spec.scope);
  return { data: saved.data, imported: rows.length };
}

/** A custom action's line import: the header entity and child, the header's id fields, the line fields a sheet may fill. */
export interface LineImportAction {
  header: string;
  child: string;
  /** The header's key in the upload's form fields or the body, first found winning (checked as a declared id). */
  idFields: string[];
  fields: string[];
  maxRows?: number;
}

/**
 * A custom action that appends an uploaded .xlsx's lines to one header (the multipart call's
 * `file`): the header the form fields or the body name, read through the caller's writing scope
 * (authorizeEntityAction 'saveOrUpdate'; 404 outside it), then importLines. Answers the saved
 * header and "N rows imported"; 400 when the call is no upload.
 */
export async function importLinesAction(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Values,
  spec: LineImportAction,
) {
  if (!req.xlsxUpload) throw Errors.badRequest('请上传 Excel 文件', 'Upload an .xlsx file as multipart/form-data');
  const upload = await req.xlsxUpload();
  const id = formRecordId([body, upload.fields], spec.idFields);
  const header = kernel.registry.entity(spec.header)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, header, 'saveOrUpdate', ctx);
  const found = await kernel.resources.reader.byId(header, id, ctx, scope);
  if (!found) throw Errors.recordNotFound();
  const stored = await kernel.resources.reader.withChildren(header, found, ctx);
  const { child, fields, maxRows } = spec;
  const { data, imported } = await importLines(
    kernel,
    upload.file,
    { header, stored, child, fields, scope, maxRows },
    ctx,
  );
  return { data, msg: pickText({ cn: `已导入 ${imported} 行`, en: `${imported} rows imported` }, ctx.language) };
}
