import { pickText, type Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { exportFileName, neutralizeCell } from '../../../exchange/exchangeRules';
import { Errors } from '../../../http/apiError';
import { idOf } from '../../../home/readerContext';
import type { Kernel } from '../../../kernel';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import type { Values } from './checkAmounts';
import { CHECK_PAGES, reachableCheck, RESOURCE } from './checkActions';
import { CHECK, CheckStore, DEDUCTED, INVOICE_LIST, LINE, OTHER } from './checkStore';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_IMPORT_ROWS = 5000;
/** Lines of a statement as printed, in this order (exportPrintCustomExcel picks from them). */
export const LINE_COLUMNS = [
  'transactionId',
  'transactionType',
  'poNumber',
  'poLineNum',
  'deliveryNoteNumber',
  'itemCode',
  'itemName',
  'uomCode',
  'quantity',
  'unitPriceExcl',
  'taxRate',
  'amountExcl',
  'taxAmount',
  'amountIncl',
  'transactionDate',
];
export const LIST_COLUMNS = [
  'itemName',
  'specification',
  'uomCode',
  'quantity',
  'unitPriceExcl',
  'taxRate',
  'amountExcl',
  'taxAmount',
];
const HEADER_FIELDS = [
  'checkNumber',
  'checkType',
  'supplierId',
  'orgId',
  'currencyCode',
  'periodFrom',
  'periodTo',
  'status',
  'amountExcl',
  'taxAmount',
  'deductedAmount',
  'otherAmount',
  'checkAmountTotal',
  'invoiceAmountTotal',
  'differenceAmount',
];
const MONEY_FORMAT = '#,##0.00';

type Kind = { label(field: string): string; value(field: string, row: Values): unknown };

/** Labels in the caller's language and values as shown: lookups as meanings, references as their labels, decimals as numbers. */
async function presenter(kernel: Kernel, entityName: string, language: Language): Promise<Kind> {
  const entity = kernel.registry.entity(entityName)!;
  const meanings = new Map<string, string>();
  for (const field of entity.fields.filter((f) => f.type === 'lookup' && f.lookupType)) {
    const type = kernel.registry.lookupType(field.lookupType!);
    for (const v of type?.values ?? []) meanings.set(`${field.name}|${v.lookupCode}`, pickText(v.meaning, language));
  }
  return {
    label: (name) => {
      const field = entity.field(name);
      return field ? pickText(field.label, language) : name;
    },
    value: (name, row) => {
      const field = entity.field(name);
      const raw = row[name];
      if (raw === null || raw === undefined || raw === '') return null;
      if (field?.type === 'lookup') return meanings.get(`${name}|${String(raw)}`) ?? String(raw);
      if (field?.type === 'reference' && field.reference?.labelAs)
        return (row[field.reference.labelAs] as string) ?? raw;
      if (field && ['money', 'decimal', 'quantity'].includes(field.type)) return Number(raw);
      return neutralizeCell(raw);
    },
  };
}

function table(sheet: ExcelJS.Worksheet, title: string, kind: Kind, columns: string[], rows: Values[]): void {
  sheet.addRow([]);
  sheet.addRow([title]).font = { bold: true };
  const head = sheet.addRow(columns.map((c) => kind.label(c)));
  head.font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => kind.value(c, row)));
}

async function workbookBuffer(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The statement as the caller reads it, with its lines. */
async function fullCheck(kernel: Kernel, req: ActionRequest, ctx: ResourceContext, body: Values) {
  const id = idOf({ id: body.accountCheckId ?? body.id });
  const { entity, row } = await reachableCheck(kernel, req, ctx, id);
  return { id, entity, check: (await kernel.resources.reader.withChildren(entity, row, ctx)) as Values };
}

/** exportPrintExcel: header, lines, deductions, fees and totals on one sheet, as printed. */
async function printWorkbook(
  kernel: Kernel,
  check: Values,
  lineColumns: string[],
  language: Language,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const header = await presenter(kernel, CHECK, language);
  const sheet = book.addWorksheet(language === 'EN' ? 'Statement' : '对账单');
  const title = sheet.addRow([
    `${language === 'EN' ? 'Account statement' : '对账单'} ${String(check.checkNumber ?? '')}`,
  ]);
  title.font = { bold: true, size: 14 };
  for (const field of HEADER_FIELDS) sheet.addRow([header.label(field), header.value(field, check)]);
  table(
    sheet,
    pickText(kernel.registry.entity(CHECK)!.def.children!.find((c) => c.name === 'lines')!.label!, language),
    await presenter(kernel, LINE, language),
    lineColumns,
    (check.lines as Values[]) ?? [],
  );
  const deducteds = (check.deducteds as Values[]) ?? [];
  if (deducteds.length)
    table(
      sheet,
      language === 'EN' ? 'Deductions' : '扣款',
      await presenter(kernel, DEDUCTED, language),
      ['deductType', 'sourceDocNumber', 'amount', 'remark'],
      deducteds,
    );
  const others = (check.others as Values[]) ?? [];
  if (others.length)
    table(
      sheet,
      language === 'EN' ? 'Other fees' : '其他费用',
      await presenter(kernel, OTHER, language),
      ['feeType', 'amountExcl', 'taxRate', 'amountIncl', 'remark'],
      others,
    );
  sheet.columns.forEach((column) => {
    column.width = 18;
    column.numFmt = MONEY_FORMAT;
  });
  sheet.getColumn(1).width = 24;
  return workbookBuffer(book);
}

/** Header cells of an import sheet → fields: the field name, or its label in either language. */
function columnMap(kernel: Kernel, entityName: string, allowed: string[], head: unknown[]): Map<number, string> {
  const entity = kernel.registry.entity(entityName)!;
  const byText = new Map<string, string>();
  for (const name of allowed) {
    const field = entity.field(name)!;
    for (const text of [name, field.label.cn, field.label.en]) byText.set(text.trim().toLowerCase(), name);
  }
  const map = new Map<number, string>();
  head.forEach((cell, i) => {
    const field = byText.get(
      String(cell ?? '')
        .trim()
        .toLowerCase(),
    );
    if (field) map.set(i, field);
  });
  return map;
}

function cellText(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in (value as object))
    return cellText((value as { result: unknown }).result);
  if (typeof value === 'object' && 'text' in (value as object)) return String((value as { text: unknown }).text);
  return typeof value === 'number' ? String(value) : String(value).trim() || undefined;
}

/** The rows of the first sheet of the upload, by the header row's columns. */
async function importedRows(
  kernel: Kernel,
  req: ActionRequest,
  entityName: string,
  allowed: string[],
): Promise<{ rows: Values[]; fields: Record<string, string> }> {
  if (!req.xlsxUpload) throw Errors.badRequest('请上传 Excel 文件', 'Upload an .xlsx file as multipart/form-data');
  const upload = await req.xlsxUpload();
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(upload.file);
  } catch {
    throw Errors.badRequest('无法读取该 Excel 文件', 'The upload is not a readable .xlsx file');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw Errors.badRequest('Excel 文件没有工作表', 'The workbook has no sheet');
  const values = (r: ExcelJS.Row) => (Array.isArray(r.values) ? r.values.slice(1) : []);
  const map = columnMap(kernel, entityName, allowed, values(sheet.getRow(1)));
  if (!map.size)
    throw Errors.badRequest('第一行必须是列标题', `The first row must hold column titles (${allowed.join(', ')})`);
  const rows: Values[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const record: Values = {};
    values(row).forEach((cell, i) => {
      const field = map.get(i);
      const text = cellText(cell);
      if (field && text !== undefined) record[field] = text;
    });
    if (Object.keys(record).length) rows.push(record);
  });
  if (!rows.length) throw Errors.badRequest('文件中没有数据行', 'The file has no data rows');
  if (rows.length > MAX_IMPORT_ROWS)
    throw Errors.badRequest(`一次最多导入 ${MAX_IMPORT_ROWS} 行`, `At most ${MAX_IMPORT_ROWS} rows at once`);
  return { rows, fields: upload.fields };
}

/** Lookup meanings in the file (either language) back to their codes. */
function lookupCodes(kernel: Kernel, entityName: string, rows: Values[]): void {
  const entity = kernel.registry.entity(entityName)!;
  for (const field of entity.fields.filter((f) => f.type === 'lookup' && f.lookupType)) {
    const values = kernel.registry.lookupType(field.lookupType!)?.values ?? [];
    for (const row of rows) {
      const text = row[field.name];
      if (typeof text !== 'string') continue;
      const hit = values.find((v) => v.lookupCode === text || v.meaning.cn === text || v.meaning.en === text);
      if (hit) row[field.name] = hit.lookupCode;
    }
  }
}

/** The stored rows of a child as a save sends them back: own fields and key only. */
function keptRows(kernel: Kernel, entityName: string, rows: Values[]): Values[] {
  const entity = kernel.registry.entity(entityName)!;
  const own = entity.fields.filter((f) => !f.system || f.system === 'primaryKey').map((f) => f.name);
  return rows.map((r) => Object.fromEntries(own.filter((n) => n in r).map((n) => [n, r[n]])));
}

/** Appends the uploaded rows to one child of the statement through the statement's save (all its rules, one transaction). */
async function importInto(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Values,
  child: 'lines' | 'invoiceLists',
) {
  const entityName = child === 'lines' ? LINE : INVOICE_LIST;
  const { rows, fields } = await importedRows(
    kernel,
    req,
    entityName,
    child === 'lines' ? LINE_COLUMNS.filter((c) => c !== 'taxAmount' && c !== 'amountIncl') : LIST_COLUMNS,
  );
  const { id, entity, check } = await fullCheck(kernel, req, ctx, { ...fields, ...body });
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'saveOrUpdate', ctx);
  lookupCodes(kernel, entityName, rows);
  const kept = keptRows(kernel, entityName, (check[child] as Values[]) ?? []);
  const saved = await kernel.resources.run(
    'saveOrUpdate',
    entity,
    { accountCheckId: id, versionNum: check.versionNum, [child]: [...kept, ...rows] },
    ctx,
    scope,
  );
  return {
    data: saved.data,
    msg: pickText({ cn: `已导入 ${rows.length} 行`, en: `${rows.length} rows imported` }, ctx.language),
  };
}

/** File streams and imports of the statement: exportPrintExcel, exportPrintCustomExcel, exportInvoiceList, doImportCheckLine, doImportListItem. */
export function registerCheckFiles(actions: ActionRegistry, _store: CheckStore): void {
  const register = (
    resource: string,
    action: string,
    resourceCode: string,
    handler: Parameters<ActionRegistry['register']>[0]['handler'],
  ) => actions.register({ area: 'srmServer', resource, action, access: { pages: CHECK_PAGES, resourceCode }, handler });

  register(RESOURCE, 'exportPrintExcel', 'btnPrint', async (body, ctx, kernel, req) => {
    const { check } = await fullCheck(kernel, req, ctx, body);
    const content = await printWorkbook(kernel, check, LINE_COLUMNS, ctx.language);
    return {
      data: null,
      file: { fileName: exportFileName(`${String(check.checkNumber)}`, 'xlsx'), contentType: XLSX, content },
    };
  });

  // exportPrintCustomExcel {id, columns?: line fields}: the print with the lines' columns the caller chose, in their order.
  register(RESOURCE, 'exportPrintCustomExcel', 'btnPrint', async (body, ctx, kernel, req) => {
    const asked = body.columns;
    const columns =
      asked === undefined || asked === null
        ? LINE_COLUMNS
        : Array.isArray(asked) && asked.length && asked.every((c) => LINE_COLUMNS.includes(String(c)))
          ? asked.map(String)
          : null;
    if (!columns)
      throw Errors.badRequest('打印列无效', `columns must list line fields: ${LINE_COLUMNS.join(', ')}`, [
        { field: 'columns', message: 'unknown column' },
      ]);
    const { check } = await fullCheck(kernel, req, ctx, body);
    const content = await printWorkbook(kernel, check, columns, ctx.language);
    return {
      data: null,
      file: { fileName: exportFileName(`${String(check.checkNumber)}`, 'xlsx'), contentType: XLSX, content },
    };
  });

  // exportInvoiceList: its file-stream path names the invoice-list resource; the named-action list puts it on the statement's too.
  const exportInvoiceList: Parameters<ActionRegistry['register']>[0]['handler'] = async (body, ctx, kernel, req) => {
    const { check } = await fullCheck(kernel, req, ctx, body);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(ctx.language === 'EN' ? 'Invoice list' : '开票清单');
    const kind = await presenter(kernel, INVOICE_LIST, ctx.language);
    sheet.addRow(LIST_COLUMNS.map((c) => kind.label(c))).font = { bold: true };
    for (const row of (check.invoiceLists as Values[]) ?? []) sheet.addRow(LIST_COLUMNS.map((c) => kind.value(c, row)));
    sheet.columns.forEach((column) => (column.width = 18));
    const name = `${ctx.language === 'EN' ? 'Invoice list' : '开票清单'} ${String(check.checkNumber)}`;
    return {
      data: null,
      file: { fileName: exportFileName(name, 'xlsx'), contentType: XLSX, content: await workbookBuffer(book) },
    };
  };
  register('srmRcnAccountCheckInvoiceListRestful', 'exportInvoiceList', 'btnExportInvoiceList', exportInvoiceList);
  register(RESOURCE, 'exportInvoiceList', 'btnExportInvoiceList', exportInvoiceList);

  // doImportCheckLine / doImportListItem: multipart `file` (.xlsx, first row the column titles) and the statement's id (field or body).
  register(RESOURCE, 'doImportCheckLine', 'btnImportLine', (body, ctx, kernel, req) =>
    importInto(kernel, req, ctx, body, 'lines'),
  );
  register(RESOURCE, 'doImportListItem', 'btnImportListItem', (body, ctx, kernel, req) =>
    importInto(kernel, req, ctx, body, 'invoiceLists'),
  );
}
