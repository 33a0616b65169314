import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectError, expectOk } from '../testing/apiAssertions';
import { EXE, fileCall, fileJson, PDF, PNG, readZip, storedObjects, TEXT, upload } from '../testing/fileFixtures';
import { REQ } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The file server over HTTP (docs/architecture.md "Spec: validators", "Spec: calls", "Spec: messages",
 * "File security"): upload, list,
 * downloads with Range, zips, the content and size checks, and no orphan bytes on failure.
 */
let server: TestServer;
let dataDir: string;
let buyer: Record<string, string>;
const filesRoot = () => path.join(dataDir, 'files');
const LIMIT_KB = 64;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-files-'));
  server = await startTestServer('files_server', { dataDir, uploadMaxSizeKb: LIMIT_KB });
  buyer = await server.authHeaders(REQ, 'buyer01');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fileRows = () => countRows(server, 'base_file');

describe('upload, list and download', () => {
  it('stores several files of one call under generated names and answers their attachment records', async () => {
    const data = expectOk(
      await upload(
        server,
        buyer,
        [
          { name: 'drawing.png', bytes: PNG },
          { name: '说明.pdf', bytes: PDF },
        ],
        { path: 'purchase', fileDesc: 'specs' },
      ),
    );
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      originalFileName: 'drawing.png',
      extension: 'png',
      contentType: 'image/png',
      size: PNG.length,
      path: 'purchase',
      fileDesc: 'specs',
      uploadedByName: 'Wang Lei',
      businessId: null,
    });
    expect(data[1]).toMatchObject({
      originalFileName: '说明.pdf',
      contentType: 'application/pdf',
      previewUrl: `/api/fileServer/v2/file/download?id=${data[1].id}`,
    });
    expect(data[0].fileId).toMatch(/^[0-9a-f]{32}$/);
    const onDisk = storedObjects(filesRoot()).map((p) => path.basename(p));
    expect(onDisk).toEqual(expect.arrayContaining([data[0].fileId, data[1].fileId]));
    expect(onDisk.some((name) => name.includes('drawing') || name.includes('.part'))).toBe(false);

    const listed = expectOk(await fileJson(server, buyer, 'listBaseFile', { ids: `${data[1].id},${data[0].id}` }));
    expect(listed.map((f: { id: number }) => f.id)).toEqual([data[1].id, data[0].id]);
  });

  it('downloads the same bytes as an attachment with an RFC 5987 name and nosniff', async () => {
    const [file] = expectOk(await upload(server, buyer, [{ name: '说明 (v2); x.pdf', bytes: PDF }]));
    const byId = await fileCall(server, buyer, `v2/file/download?id=${file.id}`);
    expect(byId.status).toBe(200);
    expect(byId.bytes.equals(PDF)).toBe(true);
    expect(byId.headers.get('content-type')).toBe('application/pdf');
    expect(byId.headers.get('x-content-type-options')).toBe('nosniff');
    expect(byId.headers.get('content-disposition')).toBe(
      `attachment; filename="__ (v2)_ x.pdf"; filename*=UTF-8''%E8%AF%B4%E6%98%8E%20%28v2%29%3B%20x.pdf`,
    );
    for (const fileIds of [[file.id], String(file.id), [file.fileId]]) {
      const single = await fileCall(server, buyer, 'v2/file/singleDownload', { body: { fileIds } });
      expect(single.bytes.equals(PDF)).toBe(true);
    }
    const two = await fileCall(server, buyer, 'v2/file/singleDownload', { body: { fileIds: [file.id, file.id + 1] } });
    expect(two.status).toBe(400);
  });

  it('answers POST download?id= with an empty body, even one declared as JSON', async () => {
    const [file] = expectOk(await upload(server, buyer, [{ name: 'x.png', bytes: PNG }]));
    const answer = await fileCall(server, buyer, `v2/file/download?id=${file.id}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, answer.bytes.equals(PNG)]).toEqual([200, true]);
  });

  it('never lets a client name or path reach the disk (../, encoded, backslashes)', async () => {
    const names = ['../../escape.txt', '..%2F..%2Fencoded.txt', '..\\..\\win.txt'];
    const data = expectOk(
      await upload(
        server,
        buyer,
        names.map((name) => ({ name, bytes: TEXT })),
        { path: '../../etc' },
      ),
    );
    expect(data.map((f: { originalFileName: string }) => f.originalFileName)).toEqual([
      'escape.txt',
      '..%2F..%2Fencoded.txt',
      'win.txt',
    ]);
    expect(data[0].path).toBe('../../etc');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['files']);
    const onDisk = storedObjects(filesRoot());
    expect(onDisk.every((p) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(p))).toBe(true);
  });

  it('streams large files with HTTP Range: 206 with Content-Range, suffix ranges, 416 beyond the end', async () => {
    const bytes = Buffer.from('0123456789'.repeat(500));
    const [file] = expectOk(await upload(server, buyer, [{ name: 'big.txt', bytes }]));
    const url = `v1/largeFile/download?id=${file.id}`;
    const part = await fileCall(server, buyer, url, { method: 'GET', headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fileCall(server, buyer, url, { method: 'GET', headers: { range: 'bytes=-7' } });
    expect([tail.status, tail.bytes.toString()]).toEqual([206, '3456789']);
    const whole = await fileCall(server, buyer, url, { method: 'GET' });
    expect([whole.status, whole.headers.get('accept-ranges'), whole.bytes.equals(bytes)]).toEqual([200, 'bytes', true]);
    expect((await fileCall(server, buyer, url, { method: 'GET', headers: { range: 'bytes=5000-' } })).status).toBe(416);
  });

  it('zips a batch under a timestamped name, with duplicate names kept apart', async () => {
    const files = expectOk(
      await upload(server, buyer, [
        { name: 'a.txt', bytes: TEXT },
        { name: 'a.txt', bytes: Buffer.from('second') },
        { name: 'p.png', bytes: PNG },
      ]),
    );
    const zip = await fileCall(server, buyer, 'v2/file/batchDownload', {
      body: { fileIds: files.map((f: { id: number }) => f.id) },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="attachments_\d{8}_\d{6}\.zip"/);
    const entries = readZip(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual(['a (2).txt', 'a.txt', 'p.png']);
    expect([entries['a.txt'].equals(TEXT), entries['a (2).txt'].toString(), entries['p.png'].equals(PNG)]).toEqual([
      true,
      'second',
      true,
    ]);
  });
});

describe('what an upload refuses, leaving nothing behind', () => {
  async function expectRefused(
    status: number,
    files: { name: string; bytes: Buffer }[],
    fields: Record<string, string> = {},
    msg?: RegExp,
  ) {
    const [rows, objects] = [await fileRows(), storedObjects(filesRoot()).length];
    const answer = await upload(server, buyer, files, fields);
    expectError(answer, status);
    if (msg) expect(answer.body.msg).toMatch(msg);
    expect([await fileRows(), storedObjects(filesRoot()).length]).toEqual([rows, objects]);
  }

  it('refuses content that does not match the extension (400), even next to a good file', async () => {
    await expectRefused(400, [{ name: 'report.pdf', bytes: EXE }], {}, /"report\.pdf" is not a \.pdf file/);
    await expectRefused(400, [{ name: 'notes.txt', bytes: PNG }], {}, /not a \.txt file/);
    await expectRefused(400, [
      { name: 'ok.png', bytes: PNG },
      { name: 'photo.jpg', bytes: PDF },
    ]);
  });

  it('refuses formats outside the configured ones with the spec message', async () => {
    await expectRefused(
      400,
      [{ name: 'setup.exe', bytes: EXE }],
      {},
      /^Only files in these formats are supported: jpg, jpeg, png/,
    );
    await expectRefused(
      400,
      [{ name: 'ok.png', bytes: PNG }],
      { formats: 'pdf,.docx' },
      /^Only files in these formats are supported: docx, pdf$|^Only files in these formats are supported: pdf, docx$/,
    );
    expectOk(await upload(server, buyer, [{ name: 'ok.png', bytes: PNG }], { formats: 'PNG,pdf' }));
  });

  it('refuses files over the limit (413): the server limit while streaming, and a smaller limit of the call', async () => {
    await expectRefused(
      413,
      [{ name: 'huge.txt', bytes: Buffer.alloc((LIMIT_KB + 1) * 1024, 'x') }],
      {},
      new RegExp(`at most ${LIMIT_KB} KB`),
    );
    await expectRefused(413, [{ name: 'small.txt', bytes: Buffer.alloc(2048, 'y') }], { maxSize: '1' }, /at most 1 KB/);
    await expectRefused(400, [], {}, /Choose at least one file/);
  });

  it('answers 401 without a session, on every endpoint', async () => {
    const anonymous = { certificate: '' };
    expectError(await upload(server, anonymous, [{ name: 'a.png', bytes: PNG }]), 401);
    expectError(await fileJson(server, anonymous, 'listBaseFile', { ids: [1] }), 401);
    expectError(await fileJson(server, anonymous, 'batchDelete', { ids: [1] }), 401);
    for (const [url, method, body] of [
      ['v2/file/download?id=1', 'POST'],
      ['v1/largeFile/download?id=1', 'GET'],
      ['v2/file/batchDownload', 'POST', { fileIds: [1] }],
    ] as const) {
      const answer = await fileCall(server, anonymous, url, { method, body });
      expect([answer.status, JSON.parse(answer.bytes.toString()).status]).toEqual([401, 'E']);
    }
    expect(storedObjects(filesRoot()).every((p) => !p.endsWith('.part'))).toBe(true);
  });
});
