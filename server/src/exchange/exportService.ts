/**
 * The export server (spec 1 section 7, DESIGN section 4): runs the named listByPage itself, with
 * the caller's permissions, 20000 rows a page, and streams the rows into an xlsx or CSV file.
 * No HTTP here: the controller hands over the caller and an output stream.
 */
import type { EntityModel } from '@meridian/metadata';
import type { Writable } from 'node:stream';
import type { Row } from '../db/sqlExecutor';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import { parseListRequest, type ListRequest } from '../resource/listRequest';
import { authorizeExport, type ExchangeCaller, type ExchangeGrant } from './exchangeAccess';
import { csvColumns, CSV_DEFAULT_NAME, EXPORT_PAGE_ROWS, exportFileName, parseExportRequest, parseListUrl, SHEET_MAX_NEW, type ExportRequest } from './exchangeRules';
import { exportCell, planColumns, readableKeys, type PlannedColumn } from './columnPlan';
import { writeCsv, writeXlsx } from './exportWriters';
import { LookupTable } from './lookupTable';

export type ExportFormat = 'xlsx' | 'csv';

/** A checked, authorized export whose first page is already read: errors surface before any byte is sent. */
export interface PreparedExport {
  fileName: string;
  contentType: string;
  write(out: Writable): Promise<number>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The list endpoint's entity, as the generic controller resolves it: exposed, in its own area. */
function listedEntity(kernel: Kernel, requestUrl: string): EntityModel {
  const { area, resource } = parseListUrl(requestUrl);
  const entity = kernel.registry.entityForResource(resource);
  if (!entity || entity.def.exposed === false || entity.area !== area) {
    throw Errors.badRequest('请求数据链接不是已注册的列表接口', `requestUrl does not name a registered listByPage endpoint (${area}/${resource})`);
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

  async prepare(body: Record<string, unknown>, caller: ExchangeCaller, format: ExportFormat = 'xlsx'): Promise<PreparedExport> {
    const defaults = { fileName: format === 'csv' ? CSV_DEFAULT_NAME : 'export', sheetMaxRow: SHEET_MAX_NEW };
    const request = parseExportRequest(body, defaults);
    const entity = listedEntity(this.kernel, request.requestUrl);
    const grant = await authorizeExport(this.kernel, caller, entity);
    const list = listRequestOf(request);
    const columns = planColumns(entity, grant.pages, format === 'csv' ? csvColumns(request.columns) : request.columns);
    const lookups = await LookupTable.load(this.kernel.db, columns.flatMap((c) => (c.lookupType ? [c.lookupType] : [])));
    const keys = readableKeys(entity);
    const toCells = (rows: Row[]) => rows.map((row) => columns.map((c) => exportCell(c, row, lookups, caller.ctx.language, keys)));
    const first = await this.page(entity, list, 1, caller, grant);
    const pages = this.pages(entity, list, caller, grant, first, toCells);
    const titles = columns.map((c: PlannedColumn) => c.title);
    return {
      fileName: exportFileName(request.fileName, format),
      contentType: CONTENT_TYPES[format],
      write: (out) => (format === 'csv' ? writeCsv(out, titles, pages) : writeXlsx(out, { titles, sheetMaxRow: request.sheetMaxRow, sheetBaseName: request.fileName }, pages)),
    };
  }

  private async page(entity: EntityModel, list: ListRequest, pageIndex: number, caller: ExchangeCaller, grant: ExchangeGrant): Promise<Row[]> {
    const { rows } = await this.kernel.resources.reader.list(entity, { ...list, pageIndex }, caller.ctx, grant.scope);
    return rows;
  }

  /** Page 1 (read during prepare), then page after page until a short one. */
  private async *pages(entity: EntityModel, list: ListRequest, caller: ExchangeCaller, grant: ExchangeGrant, first: Row[], toCells: (rows: Row[]) => unknown[][]): AsyncGenerator<unknown[][]> {
    let rows = first;
    for (let pageIndex = 2; ; pageIndex++) {
      yield toCells(rows);
      if (rows.length < list.pageRows) return;
      rows = await this.page(entity, list, pageIndex, caller, grant);
    }
  }
}
