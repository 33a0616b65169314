/**
 * doImportSupplierExpression / doImportPerformanceSimple: an .xlsx of lines (first row the column
 * titles: field key or label in either language) appended to an editable header through
 * exchange's line import (server/src/exchange/lineImport.ts): every row checked as a line of a
 * saveOrUpdate body, any bad row refusing the file naming each row, the good file saved through
 * the header's own saveOrUpdate in one transaction.
 */
import { pickText } from '@meridian/metadata';
import { importLines as importSheetLines } from '../../../exchange/lineImport';
import { Errors } from '../../../http/apiError';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { formRecordId } from '../../../platform/actionInput';
import type { ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';

type Values = Record<string, unknown>;

export interface LineImport {
  header: string;
  child: string;
  /** The header's key in the body or the upload's fields (or `id`). */
  idField: string;
  columns: string[];
}

export async function importLines(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Values,
  spec: LineImport,
) {
  if (!req.xlsxUpload) throw declaredError('performance.uploadXlsx');
  const upload = await req.xlsxUpload();
  const id = formRecordId([body, upload.fields], [spec.idField, 'id']);
  const header = kernel.registry.entity(spec.header)!;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, header, 'saveOrUpdate', ctx);
  const found = await kernel.resources.reader.byId(header, id, ctx, scope);
  if (!found) throw Errors.recordNotFound();
  const stored = await kernel.resources.reader.withChildren(header, found, ctx);
  const { data, imported } = await importSheetLines(
    kernel,
    upload.file,
    { header, stored, child: spec.child, fields: spec.columns, scope },
    ctx,
  );
  return { data, msg: pickText({ cn: `已导入 ${imported} 行`, en: `${imported} rows imported` }, ctx.language) };
}
