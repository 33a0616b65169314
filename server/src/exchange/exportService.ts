/**
 * The export server (docs/architecture.md "Spec: calls", "Export and import API"): runs the named listByPage
 * itself, with
 * the caller's permissions, 20000 rows a page, and streams the rows into an xlsx or CSV file.
 * No HTTP here: the controller hands over the caller and an output stream.
 */
import type { EntityModel, Language } from '@meridian/metadata';
import type { Writable } from 'node:stream';
import type { Row } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import { parseListRequest, type ListRequest } from '../resource/listRequest';
import { authorizeExport, type ExchangeCaller, type ExchangeGrant } from './exchangeAccess';
import {
  csvColumns,
  CSV_DEFAULT_NAME,
  EXPORT_PAGE_ROWS,
  exportFileName,
  parseExportRequest,
  parseListUrl,
  SHEET_MAX_NEW,
  SHEET_MAX_OLD,
  type ExportRequest,
} from './exchangeRules';
import { exportCell, importColumns, planColumns, readableKeys, type PlannedColumn } from './columnPlan';
import { writeCsv, writeXlsx } from './exportWriters';
import { LookupTable } from './lookupTable';

/** xlsx and csv exports; `template`: the import template of the page filled with the listed rows. */
export type ExportFormat = 'xlsx' | 'csv' | 'template';

/** A checked, authorized export whose first page is already read: errors surface before any byte is sent. */
export interface PreparedExport {
  fileName: string;
  contentType: string;
  write(out: Writable): Promise<number>;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPES: Record<ExportFormat, string> = { xlsx: XLSX, template: XLSX, csv: 'text/csv; charset=utf-8' };

const DEFAULTS: Record<ExportFormat, { fileName: string; sheetMaxRow: number; columnsFixed?: boolean }> = {
  xlsx: { fileName: 'export', sheetMaxRow: SHEET_MAX_NEW },
  csv: { fileName: CSV_DEFAULT_NAME, sheetMaxRow: SHEET_MAX_NEW },
  // docs/architecture.md "Spec: constants": the template export keeps the older 50000-row sheets.
  template: { fileName: 'template', sheetMaxRow: SHEET_MAX_OLD, columnsFixed: true },
};

/** The columns of the file: the caller's (CSV without the first), or the import template's. */
function columnsOf(
  format: ExportFormat,
  entity: EntityModel,
  grant: ExchangeGrant,
  request: ExportRequest,
  language: Language,
): PlannedColumn[] {
  if (format === 'template')
    return importColumns(
      entity,
      grant.pages.find((p) => p.entity === entity.name && p.grid),
      language,
    );
  return planColumns(entity, grant.pages, format === 'csv' ? csvColumns(request.columns) : request.columns);
}

/** The list endpoint's entity, as the generic controller resolves it: exposed, in its own area. */
function listedEntity(kernel: Kernel, requestUrl: string): EntityModel {
  const { area, resource } = parseListUrl(requestUrl);
  const entity = kernel.registry.entityForResource(resource);
  if (!entity || entity.def.exposed === false || entity.area !== area) {
    throw Errors.badRequest(
      '请求数据链接不是已注册的列表接口',
      `requestUrl does not name a registered listByPage endpoint (${area}/${resource})`,
    );
  }
  return entity;
}

function listRequestOf(request: ExportRequest): ListRequest {
  const body = request.requestParams;
  const params = { ...((body.params as Record<string, unknown>) ?? {}), ...request.customParams };
  // Paging belongs to the export; the rest is checked exactly as listByPage checks it.
  const list = parseListRequest({ params, filter: body.filter, orderBy: body.orderBy });
  return { ...list, pageIndex: 1, pageRows: EXPORT_PAGE_ROWS };
}

export class ExportService {
  constructor(private readonly kernel: Kernel) {}

  async prepare(
    body: Record<string, unknown>,
    caller: ExchangeCaller,
    format: ExportFormat = 'xlsx',
  ): Promise<PreparedExport> {
    const request = parseExportRequest(body, DEFAULTS[format]);
    const entity = listedEntity(this.kernel, request.requestUrl);
    const grant = await authorizeExport(this.kernel, caller, entity);
    const list = listRequestOf(request);
    const language = caller.ctx.language;
    const columns = columnsOf(format, entity, grant, request, language);
    const lookups = await LookupTable.load(
      this.kernel.db,
      columns.flatMap((c) => (c.lookupType ? [c.lookupType] : [])),
    );
    const keys = readableKeys(entity);
    const toCells = (rows: Row[]) => rows.map((row) => columns.map((c) => exportCell(c, row, lookups, language, keys)));
    const first = await this.page(entity, list, 1, caller, grant);
    const pages = this.pages(entity, list, caller, grant, first, toCells);
    const titles = columns.map((c) => c.title);
    const dropDowns =
      format === 'template'
        ? columns.flatMap((c, column) =>
            c.lookupType ? [{ column, choices: lookups.choices(c.lookupType, language) }] : [],
          )
        : undefined;
    const layout = { titles, sheetMaxRow: request.sheetMaxRow, sheetBaseName: request.fileName, dropDowns };
    return {
      fileName: exportFileName(request.fileName, format === 'csv' ? 'csv' : 'xlsx'),
      contentType: CONTENT_TYPES[format],
      write: (out) => (format === 'csv' ? writeCsv(out, titles, pages) : writeXlsx(out, layout, pages)),
    };
  }

  private async page(
    entity: EntityModel,
    list: ListRequest,
    pageIndex: number,
    caller: ExchangeCaller,
    grant: ExchangeGrant,
  ): Promise<Row[]> {
    const { rows } = await this.kernel.resources.reader.list(entity, { ...list, pageIndex }, caller.ctx, grant.scope);
    return rows;
  }

  /** Page 1 (read during prepare), then page after page until a short one. */
  private async *pages(
    entity: EntityModel,
    list: ListRequest,
    caller: ExchangeCaller,
    grant: ExchangeGrant,
    first: Row[],
    toCells: (rows: Row[]) => unknown[][],
  ): AsyncGenerator<unknown[][]> {
    let rows = first;
    for (let pageIndex = 2; ; pageIndex++) {
      yield toCells(rows);
      if (rows.length < list.pageRows) return;
      rows = await this.page(entity, list, pageIndex, caller, grant);
    }
  }
}
