import * as fs from 'node:fs';
import * as path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { signedHeaders, type ApiAnswer, type TestServer } from './testServer';

/** Real leading bytes of each format, padded, so uploads pass (or fail) the content check honestly. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600, 7)]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
export const TEXT = Buffer.from('line one\nzweite Zeile\n第三行\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0)]);

export interface UploadPart {
  name: string;
  bytes: Buffer;
}

/** What a signed call sends, without a JSON content type (multipart and downloads set their own). */
function baseHeaders(auth: Record<string, string>): Record<string, string> {
  const { 'content-type': _json, ...signed } = signedHeaders();
  return { ...signed, ...auth };
}

/** A multipart upload built as a browser's FormData would send it. */
export async function upload(
  server: TestServer,
  auth: Record<string, string>,
  files: UploadPart[],
  fields: Record<string, string> = {},
): Promise<ApiAnswer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const res = await fetch(`${server.baseUrl}/api/fileServer/v2/file/upload`, {
    method: 'POST',
    headers: baseHeaders(auth),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

export interface FileAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** A file-server call answered with a file (or an error envelope, read as bytes). */
export async function fileCall(
  server: TestServer,
  auth: Record<string, string>,
  pathAndQuery: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<FileAnswer> {
  const headers = {
    ...baseHeaders(auth),
    ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...init.headers,
  };
  const res = await fetch(`${server.baseUrl}/api/fileServer/${pathAndQuery}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A JSON call to the file server (list, delete). */
export async function fileJson(
  server: TestServer,
  auth: Record<string, string>,
  action: string,
  body: unknown,
): Promise<ApiAnswer> {
  const answer = await fileCall(server, auth, `v2/file/${action}`, { body });
  return { status: answer.status, body: JSON.parse(answer.bytes.toString('utf8')) };
}

/** Entries of a zip by name, read through its central directory (stored or deflated). */
export function readZip(zip: Buffer): Record<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries[name] = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    at += 46 + skip;
  }
  return entries;
}

/** Every stored object under a LocalDiskStorage root (finished ones and leftovers). */
export function storedObjects(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}
