/**
 * The endpoints with controllers of their own (not generated from entities or the action registry):
 * health and the file server. Kept next to the server so a new controller adds its entry here; the
 * test in apiDocs.int.test.ts fails when a route of a controller is missing from the document.
 */
import type { Operation, PathItems } from '@meridian/metadata';

const ENVELOPE = { $ref: '#/components/schemas/Envelope' };
const json = (schema: object) => ({ 'application/json': { schema } });
const session = [{ certificate: [], authorizationCode: [] }];
const signed = [
  { name: 'timestamp', in: 'header', required: true, schema: { type: 'string' } },
  { name: 'appsign', in: 'header', required: true, schema: { type: 'string' } },
];
const idQuery = { name: 'id', in: 'query', required: true, schema: { type: 'string' }, description: 'Attachment id' };
const errors = {
  400: { description: 'Bad input', content: json(ENVELOPE) },
  401: { description: 'No valid session or appsign', content: json(ENVELOPE) },
  404: { description: 'No such file among those the caller may read', content: json(ENVELOPE) },
};
const fileAnswer = {
  description: 'The file (Content-Disposition: attachment, nosniff); on failure a JSON envelope with status E',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};
const ids = (name: string) => ({
  type: 'object',
  required: [name],
  properties: {
    [name]: {
      oneOf: [
        { type: 'string', description: 'comma-separated ids' },
        { type: 'array', items: { type: 'integer' } },
      ],
    },
  },
});

function fileOp(summary: string, op: Partial<Operation>): Operation {
  return {
    tags: ['fileServer'],
    summary,
    security: session,
    parameters: signed,
    ...op,
    responses: { ...(op.responses as object), ...errors },
  };
}

const FILE_BASE = '/api/fileServer';

export const FIXED_PATHS: PathItems = {
  '/api/health': {
    get: {
      tags: ['health'],
      operationId: 'health',
      summary: 'Liveness and database check (no session, no appsign)',
      responses: { 200: { description: 'UP', content: json(ENVELOPE) } },
    },
  },
  [`${FILE_BASE}/v2/file/upload`]: {
    post: fileOp('Upload attachments (multipart)', {
      operationId: 'fileUpload',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['files'],
              properties: {
                files: { type: 'array', items: { type: 'string', format: 'binary' } },
                path: { type: 'string' },
                functionId: { type: 'string' },
                businessId: { type: 'string' },
                fileDesc: { type: 'string' },
              },
            },
          },
        },
      },
      responses: {
        200: { description: 'Attachment records (id, fileId, originalFileName, previewUrl)', content: json(ENVELOPE) },
        413: { description: 'Over the size limit (UPLOAD_MAX_SIZE_KB)', content: json(ENVELOPE) },
      },
    }),
  },
  [`${FILE_BASE}/v2/file/listBaseFile`]: {
    post: fileOp('Attachment records by ids (those the caller may read)', {
      operationId: 'fileList',
      requestBody: { required: true, content: json(ids('ids')) },
      responses: { 200: { description: 'Records', content: json(ENVELOPE) } },
    }),
  },
  [`${FILE_BASE}/v2/file/singleDownload`]: {
    post: fileOp('Download one attachment', {
      operationId: 'fileSingleDownload',
      requestBody: { required: true, content: json(ids('fileIds')) },
      responses: { 200: fileAnswer },
    }),
  },
  [`${FILE_BASE}/v2/file/batchDownload`]: {
    post: fileOp('Download several attachments as one zip named with a timestamp', {
      operationId: 'fileBatchDownload',
      requestBody: { required: true, content: json(ids('fileIds')) },
      responses: { 200: fileAnswer },
    }),
  },
  [`${FILE_BASE}/v2/file/download`]: {
    post: fileOp('Download by id (the previewUrl of an attachment)', {
      operationId: 'fileDownload',
      parameters: [...signed, idQuery],
      responses: { 200: fileAnswer },
    }),
  },
  [`${FILE_BASE}/v2/file/previewLink`]: {
    post: fileOp('A signed link (10 minutes) for the external preview service', {
      operationId: 'filePreviewLink',
      requestBody: {
        required: true,
        content: json({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
      },
      responses: { 200: { description: '{url}', content: json(ENVELOPE) } },
    }),
  },
  [`${FILE_BASE}/v1/file/preview`]: {
    get: {
      tags: ['fileServer'],
      operationId: 'filePreview',
      summary: 'The file behind a signed preview link (no session: the signature is the check)',
      parameters: [
        { name: 'id', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'expires', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'sig', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: { 200: fileAnswer, 404: errors[404] },
    },
  },
  [`${FILE_BASE}/v2/file/batchDelete`]: {
    post: fileOp('Delete attachments, all or nothing', {
      operationId: 'fileBatchDelete',
      requestBody: { required: true, content: json(ids('ids')) },
      responses: { 200: { description: '{count}', content: json(ENVELOPE) } },
    }),
  },
  [`${FILE_BASE}/v1/largeFile/download`]: {
    get: fileOp('Stream a large file; honours Range (206 + Content-Range)', {
      operationId: 'fileLargeDownload',
      parameters: [...signed, idQuery, { name: 'Range', in: 'header', required: false, schema: { type: 'string' } }],
      responses: { 200: fileAnswer, 206: { description: 'Partial content' } },
    }),
  },
};
