import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { ApiError } from '../http/apiError';
import { compactDate } from '../util/time';
import type { ByteRange, FileStorage } from './fileStorage';
import type { FileRecord } from './fileRecords';

/**
 * `attachment` with an ASCII fallback name and the exact UTF-8 name as RFC 5987 `filename*`, so
 * "采购申请.pdf" arrives intact and no name can break out of the header.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 section 14): `a-b`, `a-` or the suffix
 * `-n`. Several ranges are answered as the whole file (allowed, and no multipart/byteranges).
 * Undefined means "send everything"; an unsatisfiable range throws 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end || (match[1] === '' && Number(match[2]) === 0)) {
    throw new ApiError(416, { cn: '请求的范围无效', en: `The requested range is not satisfiable (size ${size})` });
  }
  return { start, end };
}

/** Headers of every file answer: attachment with the name, the content type, nosniff, never cached. */
export function fileHeaders(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
}

const missingContent = () =>
  new ApiError(404, { cn: '附件内容已丢失', en: 'The content of this attachment is missing from storage' });

/** A stored file as a download; with `rangeHeader`, a 206 partial answer when a range is asked. */
export async function sendFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: FileRecord,
  rangeHeader?: string,
): Promise<void> {
  const stat = await storage.stat(file.fileId);
  if (!stat) throw missingContent();
  const range = rangeHeader === undefined ? undefined : parseRange(rangeHeader, stat.size);
  fileHeaders(reply, file.originalFileName, file.contentType);
  if (rangeHeader !== undefined) reply.header('Accept-Ranges', 'bytes');
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.code(200).header('Content-Length', stat.size);
  }
  await reply.send(await storage.get(file.fileId, range));
}

/** Names inside a zip are unique: a second "a.pdf" becomes "a (2).pdf". */
export function zipEntryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    for (let n = 2; used.has(candidate.toLowerCase()); n++) {
      candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** "attachments_20261122_231405.zip": docs/architecture.md "Spec: calls", a zip named with a timestamp. */
export function zipName(now = new Date()): string {
  const time = [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, '0')).join('');
  return `attachments_${compactDate(now)}_${time}.zip`;
}

/** Streams the files into one zip (yazl reads the entries one after the other, never all in memory). */
export async function sendZip(reply: FastifyReply, storage: FileStorage, files: FileRecord[]): Promise<void> {
  const zip = new ZipFile();
  const names = zipEntryNames(files.map((f) => f.originalFileName));
  for (const file of files) if (!(await storage.stat(file.fileId))) throw missingContent();
  const streams: Readable[] = [];
  for (const file of files) streams.push(await storage.get(file.fileId));
  files.forEach((file, i) => zip.addReadStream(streams[i], names[i], { size: file.size }));
  zip.end();
  fileHeaders(reply, zipName(), 'application/zip').code(200);
  await reply.send(zip.outputStream);
}
