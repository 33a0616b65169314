import { pickText, type Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { exportCell, planColumns, readableKeys } from '../../../exchange/columnPlan';
import { exportFileName } from '../../../exchange/exchangeRules';
import { importLinesAction } from '../../../exchange/lineImport';
import { XLSX_TYPE } from '../../../exchange/xlsxBuffer';
import { LookupTable } from '../../../exchange/lookupTable';
import { declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, RegisteredAction } from '../../../platform/actionRegistry';
import type { Values } from './checkAmounts';
import { accountCheckIdOf, CHECK_ID, checkPagesAction, fullCheck, RESOURCE } from './checkActions';
import { CHECK, INVOICE_LIST } from './checkStore';

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

/** The invoice list's columns: its own fields (all but its statement). */
function listColumns(kernel: Kernel): string[] {
  const fields = kernel.registry.entity(INVOICE_LIST)!.def.fields;
  return fields.map((f) => f.name).filter((n) => n !== 'accountCheckId');
}

/** Labels in the caller's language and cells as exchange exports them: lookups as meanings, references as labels, decimals as numbers. */
async function presenter(kernel: Kernel, entityName: string, language: Language): Promise<Kind> {
  const entity = kernel.registry.entity(entityName)!;
  const types = entity.fields.flatMap((f) => (f.lookupType ? [f.lookupType] : []));
  const lookups = await LookupTable.load(kernel.db, types);
  const keys = readableKeys(entity);
  return {
    label: (name) => pickText(entity.field(name)?.label ?? { cn: name, en: name }, language),
    value: (key, row) => exportCell(planColumns(entity, [], [{ key, title: key }])[0], row, lookups, language, keys),
  };
}

function table(sheet: ExcelJS.Worksheet, title: string, kind: Kind, columns: string[], rows: Values[]): void {
  sheet.addRow([]);
  sheet.addRow([title]).font = { bold: true };
  const head = sheet.addRow(columns.map((c) => kind.label(c)));
  head.font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => kind.value(c, row)));
}

/** A custom action's answer with the workbook as its file. */
async function xlsxAnswer(name: string, book: ExcelJS.Workbook) {
  const content = Buffer.from(await book.xlsx.writeBuffer());
  return { data: null, file: { fileName: exportFileName(name, 'xlsx'), contentType: XLSX_TYPE, content } };
}

/** exportPrintExcel: header, lines, deductions, fees and totals on one sheet, as printed. */
async function printWorkbook(
  kernel: Kernel,
  check: Values,
  lineColumns: string[],
  language: Language,
): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  const header = await presenter(kernel, CHECK, language);
  const sheet = book.addWorksheet(pickText(declaredText('reconciliation.statementSheet'), language));
  const title = sheet.addRow([pickText(declaredText('reconciliation.statementTitle', check), language)]);
  title.font = { bold: true, size: 14 };
  for (const field of HEADER_FIELDS) sheet.addRow([header.label(field), header.value(field, check)]);
  // The lines (even none), then the deductions and other fees when there are any, under their children's labels.
  const tables: Record<string, string[]> = {
    lines: lineColumns,
    deducteds: ['deductType', 'sourceDocNumber', 'amount', 'remark'],
    others: ['feeType', 'amountExcl', 'taxRate', 'amountIncl', 'remark'],
  };
  for (const child of kernel.registry.entity(CHECK)!.def.children!.filter((c) => tables[c.name])) {
    const rows = (check[child.name] as Values[]) ?? [];
    if (!rows.length && child.name !== 'lines') continue;
    const kind = await presenter(kernel, child.entity, language);
    table(sheet, pickText(child.label!, language), kind, tables[child.name], rows);
  }
  sheet.columns.forEach((column) => {
    column.width = 18;
    column.numFmt = MONEY_FORMAT;
  });
  sheet.getColumn(1).width = 24;
  return book;
}

/** File streams and imports of the statement: exportPrintExcel, exportPrintCustomExcel, exportInvoiceList, doImportCheckLine, doImportListItem. */
export function registerCheckFiles(actions: ActionRegistry): void {
  const register = checkPagesAction(actions);
  const onCheck = { input: eitherIdInput(CHECK_ID) };

  // exportPrintExcel {id}; exportPrintCustomExcel {id, columns?: line fields}: the print with the lines' columns the caller chose, in their order.
  const print =
    (custom: boolean): RegisteredAction['handler'] =>
    async (body, ctx, kernel, req) => {
      const columns = (custom && (body.columns as string[] | null)) || LINE_COLUMNS;
      const { check } = await fullCheck(kernel, req, ctx, accountCheckIdOf(body));
      return xlsxAnswer(String(check.checkNumber), await printWorkbook(kernel, check, columns, ctx.language));
    };
  register('exportPrintExcel', 'btnPrint', print(false), onCheck);
  const columns = { type: ['array', 'null'], minItems: 1, items: { type: 'string', enum: LINE_COLUMNS } };
  register('exportPrintCustomExcel', 'btnPrint', print(true), { input: eitherIdInput(CHECK_ID, { columns }) });

  // exportInvoiceList: its file-stream path names the invoice-list resource; the named-action list puts it on the statement's too.
  const exportInvoiceList: RegisteredAction['handler'] = async (body, ctx, kernel, req) => {
    const { check } = await fullCheck(kernel, req, ctx, accountCheckIdOf(body));
    const book = new ExcelJS.Workbook();
    const listName = pickText(declaredText('reconciliation.invoiceList'), ctx.language);
    const sheet = book.addWorksheet(listName);
    const kind = await presenter(kernel, INVOICE_LIST, ctx.language);
    const columns = listColumns(kernel);
    sheet.addRow(columns.map((c) => kind.label(c))).font = { bold: true };
    for (const row of (check.invoiceLists as Values[]) ?? []) sheet.addRow(columns.map((c) => kind.value(c, row)));
    sheet.columns.forEach((column) => (column.width = 18));
    return xlsxAnswer(`${listName} ${String(check.checkNumber)}`, book);
  };
  for (const resource of ['srmRcnAccountCheckInvoiceListRestful', RESOURCE])
    checkPagesAction(actions, resource)('exportInvoiceList', 'btnExportInvoiceList', exportInvoiceList, onCheck);

  // doImportCheckLine / doImportListItem: multipart `file` (.xlsx, first row the column titles) and the statement's id (field or body).
  // The statement's own save appends them (all its rules, one transaction), read through the caller's writing scope.
  const lineFields = LINE_COLUMNS.filter((c) => c !== 'taxAmount' && c !== 'amountIncl');
  const into = { header: CHECK, idFields: CHECK_ID, maxRows: MAX_IMPORT_ROWS };
  register('doImportCheckLine', 'btnImportLine', (body, ctx, kernel, req) =>
    importLinesAction(kernel, req, ctx, body, { ...into, child: 'lines', fields: lineFields }),
  );
  register('doImportListItem', 'btnImportListItem', (body, ctx, kernel, req) =>
    importLinesAction(kernel, req, ctx, body, { ...into, child: 'invoiceLists', fields: listColumns(kernel) }),
  );
}
