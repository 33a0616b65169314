import { pickText, type Language } from '@meridian/metadata';
import * as ExcelJS from 'exceljs';
import { exportFileName, neutralizeCell } from '../../../exchange/exchangeRules';
import { importLines } from '../../../exchange/lineImport';
import { declaredError } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { eitherIdInput, formRecordId } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest, RegisteredAction } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import type { Values } from './checkAmounts';
import { accountCheckIdOf, CHECK_ID, CHECK_PAGES, checkScope, fullCheck, RESOURCE } from './checkActions';
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

/** Appends the uploaded rows to one child of the statement through exchange's line import (the statement's own save: all its rules, one transaction). */
async function importInto(
  kernel: Kernel,
  req: ActionRequest,
  ctx: ResourceContext,
  body: Values,
  child: 'lines' | 'invoiceLists',
) {
  if (!req.xlsxUpload) throw declaredError('reconciliation.uploadXlsx');
  const upload = await req.xlsxUpload();
  const id = formRecordId([body, upload.fields], CHECK_ID);
  const { entity, check } = await fullCheck(kernel, req, ctx, id);
  const scope = await checkScope(kernel, req, ctx, true);
  const fields = child === 'lines' ? LINE_COLUMNS.filter((c) => c !== 'taxAmount' && c !== 'amountIncl') : LIST_COLUMNS;
  const { data, imported } = await importLines(
    kernel,
    upload.file,
    { header: entity, stored: check, child, fields, scope, maxRows: MAX_IMPORT_ROWS },
    ctx,
  );
  return { data, msg: pickText({ cn: `已导入 ${imported} 行`, en: `${imported} rows imported` }, ctx.language) };
}

/** File streams and imports of the statement: exportPrintExcel, exportPrintCustomExcel, exportInvoiceList, doImportCheckLine, doImportListItem. */
export function registerCheckFiles(actions: ActionRegistry, _store: CheckStore): void {
  const register = (
    resource: string,
    action: string,
    resourceCode: string,
    handler: RegisteredAction['handler'],
    input?: RegisteredAction['input'],
  ) =>
    actions.register({
      area: 'srmServer',
      resource,
      action,
      access: { pages: CHECK_PAGES, resourceCode },
      input,
      handler,
    });
  const onCheck = eitherIdInput(CHECK_ID);

  register(
    RESOURCE,
    'exportPrintExcel',
    'btnPrint',
    async (body, ctx, kernel, req) => {
      const { check } = await fullCheck(kernel, req, ctx, accountCheckIdOf(body));
      const content = await printWorkbook(kernel, check, LINE_COLUMNS, ctx.language);
      return {
        data: null,
        file: { fileName: exportFileName(`${String(check.checkNumber)}`, 'xlsx'), contentType: XLSX, content },
      };
    },
    onCheck,
  );

  // exportPrintCustomExcel {id, columns?: line fields}: the print with the lines' columns the caller chose, in their order.
  register(
    RESOURCE,
    'exportPrintCustomExcel',
    'btnPrint',
    async (body, ctx, kernel, req) => {
      const columns = (body.columns as string[] | null | undefined) ?? LINE_COLUMNS;
      const { check } = await fullCheck(kernel, req, ctx, accountCheckIdOf(body));
      const content = await printWorkbook(kernel, check, columns, ctx.language);
      return {
        data: null,
        file: { fileName: exportFileName(`${String(check.checkNumber)}`, 'xlsx'), contentType: XLSX, content },
      };
    },
    eitherIdInput(CHECK_ID, {
      columns: { type: ['array', 'null'], minItems: 1, items: { type: 'string', enum: LINE_COLUMNS } },
    }),
  );

  // exportInvoiceList: its file-stream path names the invoice-list resource; the named-action list puts it on the statement's too.
  const exportInvoiceList: RegisteredAction['handler'] = async (body, ctx, kernel, req) => {
    const { check } = await fullCheck(kernel, req, ctx, accountCheckIdOf(body));
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
  register(
    'srmRcnAccountCheckInvoiceListRestful',
    'exportInvoiceList',
    'btnExportInvoiceList',
    exportInvoiceList,
    onCheck,
  );
  register(RESOURCE, 'exportInvoiceList', 'btnExportInvoiceList', exportInvoiceList, onCheck);

  // doImportCheckLine / doImportListItem: multipart `file` (.xlsx, first row the column titles) and the statement's id (field or body).
  register(RESOURCE, 'doImportCheckLine', 'btnImportLine', (body, ctx, kernel, req) =>
    importInto(kernel, req, ctx, body, 'lines'),
  );
  register(RESOURCE, 'doImportListItem', 'btnImportListItem', (body, ctx, kernel, req) =>
    importInto(kernel, req, ctx, body, 'invoiceLists'),
  );
}
