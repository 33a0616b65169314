/**
 * doImportSupplierExpression / doImportPerformanceSimple: an .xlsx of lines (first row the column
 * titles: field key or label in either language) appended to an editable header. Every row is
 * checked as a line of a saveOrUpdate body (record schema, lookups by code or meaning, references by
 * id or label); any bad row answers 400 naming each row's problems and nothing is written. Good
 * files go through the header's own saveOrUpdate (its editable state, version and hooks), so the
 * header and all its lines are written in one transaction.
 */
import { pickText, type EntityModel } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { ReferenceResolver } from '../../../exchange/referenceResolver';
import { ApiError, Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import type { ActionRequest } from '../../../platform/actionRegistry';
import { prepareRecord } from '../../../resource/recordPreparation';
import type { ResourceContext } from '../../../resource/context';

type Values = Record<string, unknown>;
const MAX_ROWS = 5000;

export interface LineImport {
  header: string;
  child: string;
  /** The header's key in the body (or `id`). */
  idField: string;
  columns: string[];
}

function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in value) return cellText((value as { result: unknown }).result);
  if (typeof value === 'object' && 'text' in value)
    return String((value as { text: unknown }).text).trim() || undefined;
  return String(value).trim() || undefined;
}

/** The sheet's data rows as field → text, with their row numbers. */
async function sheetRows(file: string, line: EntityModel, columns: string[]) {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(file);
  } catch {
    throw Errors.badRequest('无法读取该 Excel 文件', 'The upload is not a readable .xlsx file');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw Errors.badRequest('Excel 文件没有工作表', 'The workbook has no sheet');
  const byText = new Map<string, string>();
  for (const name of columns) {
    const f = line.field(name)!;
    for (const text of [name, f.label.cn, f.label.en]) byText.set(text.trim().toLowerCase(), name);
  }
  const cells = (r: ExcelJS.Row) => (Array.isArray(r.values) ? r.values.slice(1) : []);
  const map = cells(sheet.getRow(1)).map((h) => byText.get((cellText(h) ?? '').toLowerCase()));
  const missing = columns.filter((n) => line.field(n)!.required && !map.includes(n));
  if (missing.length)
    throw Errors.badRequest(
      `导入文件缺少必填列：${missing.join(', ')}`,
      `The file lacks required columns: ${missing.join(', ')}`,
    );
  const rows: { row: number; values: Values }[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const values: Values = {};
    cells(r).forEach((cell, i) => {
      const text = cellText(cell);
      if (map[i] && text !== undefined) values[map[i]!] = text;
    });
    if (Object.keys(values).length) rows.push({ row: n, values });
  });
  if (!rows.length) throw Errors.badRequest('文件中没有数据行', 'The file has no data rows');
  if (rows.length > MAX_ROWS)
    throw Errors.badRequest(`一次最多导入 ${MAX_ROWS} 行`, `At most ${MAX_ROWS} rows at once`);
  return rows;
}

/** Lookup meanings to codes and reference labels to ids; what could not be resolved, by field. */
async function resolve(kernel: Kernel, line: EntityModel, values: Values, refs: ReferenceResolver) {
  const problems: { field: string; message: string }[] = [];
  for (const f of line.fields) {
    const text = values[f.name];
    if (typeof text !== 'string') continue;
    if (f.type === 'lookup' && f.lookupType) {
      const hit = (kernel.registry.lookupType(f.lookupType)?.values ?? []).find(
        (v) => v.lookupCode === text || v.meaning.cn === text || v.meaning.en === text,
      );
      if (hit) values[f.name] = hit.lookupCode;
    } else if (f.type === 'reference') {
      const id = /^\d+$/.test(text) ? Number(text) : await refs.idOf(f, text);
      if (id === undefined)
        problems.push({ field: f.name, message: `"${text}" 找不到唯一对应的记录 / names no single record` });
      else values[f.name] = id;
    } else if (f.type === 'decimal' || f.type === 'integer') {
      if (/^-?\d+(\.\d+)?$/.test(text)) values[f.name] = Number(text);
    }
  }
  return problems;
}

export async function importLines(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Values,
  spec: LineImport,
) {
  if (!req.xlsxUpload) throw Errors.badRequest('请上传 Excel 文件', 'Upload an .xlsx file as multipart/form-data');
  const upload = await req.xlsxUpload();
  const merged = { ...upload.fields, ...body };
  const id = Number(merged[spec.idField] ?? merged.id);
  if (!Number.isInteger(id) || id <= 0) throw Errors.badRequest(`缺少 ${spec.idField}`, `${spec.idField} is required`);
  const header = kernel.registry.entity(spec.header)!;
  const line = kernel.registry.entity(header.children.find((c) => c.name === spec.child)!.entity)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, header, 'saveOrUpdate', ctx);
  const found = await kernel.resources.reader.byId(header, id, ctx, scope);
  if (!found) throw Errors.recordNotFound();
  const stored = await kernel.resources.reader.withChildren(header, found, ctx);
  const rows = await sheetRows(upload.file, line, spec.columns);
  const errors: { field: string; message: string }[] = [];
  await kernel.db.transaction(async (tx) => {
    const refs = new ReferenceResolver(kernel.registry, tx);
    for (const { row, values } of rows) {
      const found = await resolve(kernel, line, values, refs);
      if (!found.length) {
        try {
          prepareRecord(kernel.registry, line, values, ctx);
        } catch (e) {
          if (!(e instanceof ApiError) || e.httpStatus >= 500) throw e;
          found.push(...(e.errors?.length ? e.errors : [{ field: '', message: pickText(e.text, ctx.language) }]));
        }
      }
      for (const p of found) errors.push({ field: `row ${row}${p.field ? ` ${p.field}` : ''}`, message: p.message });
    }
  });
  if (errors.length) {
    const bad = new Set(errors.map((e) => e.field.split(' ')[1])).size;
    throw new ApiError(
      400,
      {
        cn: `导入失败：${rows.length} 行中有 ${bad} 行有错误，没有导入任何数据`,
        en: `Import refused: ${bad} of ${rows.length} rows have errors; nothing was imported`,
      },
      errors,
    );
  }
  const kept = ((stored[spec.child] as Values[] | undefined) ?? []).map((r) =>
    Object.fromEntries(
      line.fields.filter((f) => !f.system || f.system === 'primaryKey').map((f) => [f.name, r[f.name]]),
    ),
  );
  const saved = await kernel.resources.run(
    'saveOrUpdate',
    header,
    { [header.primaryKey]: id, versionNum: stored.versionNum, [spec.child]: [...kept, ...rows.map((r) => r.values)] },
    ctx,
    scope,
  );
  return {
    data: saved.data,
    msg: pickText({ cn: `已导入 ${rows.length} 行`, en: `${rows.length} rows imported` }, ctx.language),
  };
}
