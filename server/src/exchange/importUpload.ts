import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApiError, Errors } from '../http/apiError';
import { cleanFileName, fileTooLarge } from '../files/uploadReceiver';

export interface ReceivedImport {
  /** A temporary file holding the upload; the caller removes it (see removeQuietly). */
  file: string;
  originalName: string;
  /** The upload's other form fields (at most 10), by name. */
  fields: Record<string, string>;
}

/** xlsx is a zip: it starts with PK\x03\x04. An old .xls or a renamed text file is refused early. */
async function assertZip(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (!head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
      throw Errors.badRequest('请上传 .xlsx 格式的 Excel 文件', 'Upload an Excel file in .xlsx format');
  } finally {
    await handle.close();
  }
}

/**
 * Streams the multipart `file` (or `files`) part to a temporary file: the streaming reader then
 * reads it row by row, and the upload is never held in memory. Size limit: the upload limit.
 */
export async function receiveImport(req: FastifyRequest, maxBytes: number): Promise<ReceivedImport> {
  if (!req.isMultipart())
    throw Errors.badRequest('请使用 multipart/form-data 上传', 'Upload the file as multipart/form-data');
  const file = path.join(os.tmpdir(), `meridian-import-${randomBytes(12).toString('hex')}.xlsx`);
  let originalName: string | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (originalName !== undefined || (part.fieldname !== 'file' && part.fieldname !== 'files')) {
        part.file.resume();
        continue;
      }
      originalName = cleanFileName(part.filename);
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw fileTooLarge(maxBytes);
    }
    if (originalName === undefined)
      throw Errors.badRequest('请选择要导入的文件', 'Choose the file to import (multipart field "file")');
    await assertZip(file);
    return { file, originalName, fields };
  } catch (e) {
    await removeQuietly(file);
    if (e instanceof ApiError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxBytes);
    if (String((e as { code?: string }).code ?? '').startsWith('FST_'))
      throw Errors.badRequest('上传内容无效', 'The upload is not valid multipart form data');
    throw e;
  }
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}
