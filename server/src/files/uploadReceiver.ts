import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { ApiError, Errors } from '../http/apiError';
import { SNIFF_BYTES } from './contentCheck';
import type { FileStorage } from './fileStorage';

/** One file of an upload, already in storage under `key`, not yet checked or recorded. */
export interface ReceivedFile {
  key: string;
  originalFileName: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** At most this many files in one upload call, and this many characters in one text field. */
export const MAX_FILES_PER_UPLOAD = 20;
const MAX_FIELD_BYTES = 4000;

/** The client's name without any directory part or control characters: a display name, never a path. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || 'file').slice(-255);
}

/** Streams one part into storage, hashing and counting on the way and keeping the first bytes for the content check. */
async function storeOne(part: MultipartFile, storage: FileStorage, maxBytes: number): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headLength = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(piece);
        headLength += piece.length;
      }
      done(null, chunk);
    },
  });
  part.file.on('error', (e) => tap.destroy(e));
  const key = await storage.put(part.file.pipe(tap));
  if (part.file.truncated || size > maxBytes) {
    await storage.delete(key);
    throw fileTooLarge(maxBytes);
  }
  return {
    key,
    originalFileName: cleanFileName(part.filename),
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head),
  };
}

export const fileTooLarge = (maxBytes: number) => {
  const kb = Math.floor(maxBytes / 1024);
  return new ApiError(413, { cn: `文件大小不能超过 ${kb} KB`, en: `A file may be at most ${kb} KB` });
};

/** Multipart parser errors (limits, malformed bodies) as envelope errors with their status. */
function translate(e: unknown, maxBytes: number): unknown {
  if (e instanceof ApiError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT')
    return new ApiError(413, {
      cn: `一次最多上传 ${MAX_FILES_PER_UPLOAD} 个文件`,
      en: `At most ${MAX_FILES_PER_UPLOAD} files per upload`,
    });
  if (code.startsWith('FST_') || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return Errors.badRequest('上传内容无效', `The upload is not valid multipart form data (${(e as Error).message})`);
  }
  return e;
}

/**
 * Reads an upload: text fields, and every `files` part streamed straight into storage (never
 * buffered whole). Fields may come before or after the files, so checks that need them run after
 * this returns. Whatever goes wrong here, the files already stored are removed again.
 */
export async function receiveUpload(
  req: FastifyRequest,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!req.isMultipart())
    throw Errors.badRequest('请使用 multipart/form-data 上传', 'Upload files as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    const parts = req.parts({
      limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 30, fieldSize: MAX_FIELD_BYTES, parts: 60 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'files' || part.fieldname === 'file')
          files.push(await storeOne(part, storage, maxBytes));
        else part.file.resume();
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    await discard(storage, files);
    throw translate(e, maxBytes);
  }
  return { fields, files };
}

export async function discard(storage: FileStorage, files: { key: string }[]): Promise<void> {
  await Promise.all(files.map((f) => storage.delete(f.key).catch(() => undefined)));
}
