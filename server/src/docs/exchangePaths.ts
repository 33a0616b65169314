/**
 * The Excel/CSV exchange endpoints (server/src/exchange) in the API document. They live under
 * exportServer (docs/architecture.md "Export and import API"); the catalog also names srmServer, so both
 * areas serve them.
 */
import type { Operation, PathItems } from '@meridian/metadata';

const ENVELOPE = { $ref: '#/components/schemas/Envelope' };
const json = (schema: object) => ({ 'application/json': { schema } });
const session = [{ certificate: [], authorizationCode: [] }];
const headers = ['timestamp', 'appsign', 'menuId', 'respId'].map((name) => ({
  name,
  in: 'header',
  required: name !== 'respId',
  schema: { type: 'string' },
}));
const errors = {
  400: {
    description:
      "Bad input: 'the request data link cannot be empty', 'the export field list cannot be empty', or refused import rows (row/column errors and an error file)",
    content: json(ENVELOPE),
  },
  401: { description: 'No valid session or appsign', content: json(ENVELOPE) },
  403: {
    description: 'The export/import button resource is not granted on the menu, or the caller may not list the entity',
    content: json(ENVELOPE),
  },
};
const binary = (type: string, what: string) => ({
  description: what,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const exportBody = json({
  type: 'object',
  required: ['requestUrl', 'columns'],
  properties: {
    requestUrl: {
      type: 'string',
      description: 'A registered listByPage endpoint: /api/{area}/v1/{resource}Restful/listByPage',
    },
    requestParams: { description: '{params, filter, orderBy} of the list (JSON text or object)' },
    columns: { description: '[{key, title}] to export, in order (JSON text or array)' },
    fileName: { type: 'string' },
    sheetMaxRow: {
      type: 'integer',
      minimum: 1,
      default: 20001,
      description: 'A new sheet starts after this many rows',
    },
    customParams: { type: 'object', description: 'Merged into the list params' },
  },
});

const OPERATIONS: Record<string, [string, Operation]> = {
  exportExcel: [
    'exportExcelRestful',
    {
      summary: "Export the caller's own list as xlsx (streamed; lookups as meanings; formulas neutralised)",
      requestBody: { required: true, content: exportBody },
      responses: { 200: binary(XLSX, 'The workbook'), ...errors },
    },
  ],
  exportCsv: [
    'exportExcelRestful',
    {
      summary: 'Export the list as CSV (default name DefaultExportCsv, first column left out)',
      requestBody: { required: true, content: exportBody },
      responses: { 200: binary('text/csv', 'The CSV file'), ...errors },
    },
  ],
  downloadImportTemplateWithData: [
    'exportExcelRestful',
    {
      summary: "The page's import template filled with the listed rows (lookup columns as drop-downs; sheets of 50000)",
      requestBody: { required: true, content: exportBody },
      responses: { 200: binary(XLSX, 'The filled template'), ...errors },
    },
  ],
  downloadImportTemplate: [
    'importExcelRestful',
    {
      summary: "Import template of the menu's page: headers from its columns, lookup columns as drop-down lists",
      responses: { 200: binary(XLSX, 'The template'), ...errors },
    },
  ],
  importExcel: [
    'importExcelRestful',
    {
      summary: "Import an xlsx into the menu's entity: every row checked, all or nothing",
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      },
      responses: { 200: { description: 'Rows imported', content: json(ENVELOPE) }, ...errors },
    },
  ],
};

export const EXCHANGE_PATHS: PathItems = Object.fromEntries(
  ['exportServer', 'srmServer'].flatMap((area) =>
    Object.entries(OPERATIONS).map(([action, [resource, op]]) => [
      `/api/${area}/v1/${resource}/${action}`,
      { post: { tags: ['exchange'], operationId: `${area}_${action}`, security: session, parameters: headers, ...op } },
    ]),
  ),
);
