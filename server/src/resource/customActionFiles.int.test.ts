import * as ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { PDF, upload } from '../testing/fileFixtures';
import { signedHeaders, startTestServer, type ApiAnswer, type TestServer } from '../testing/testServer';

/**
 * What the controller gives a custom action beyond JSON (docs/developer-guide.md "Custom actions"):
 * a file answer sent as a download, the call's .xlsx upload with its form fields, and the bytes of
 * an attachment the caller may read.
 */
let server: TestServer;
let seenUpload: string | undefined;
beforeAll(async () => {
  server = await startTestServer(
    'custom_action_files',
    {},
    {
      extend: ({ actions }) => {
        actions.register({
          area: 'srmServer',
          resource: 'testFilesRestful',
          action: 'download',
          access: 'session',
          handler: async (body) => ({
            data: null,
            file: {
              fileName: `报表 ${String(body.name)}.txt`,
              contentType: 'text/plain; charset=utf-8',
              content: Buffer.from('hello 你好'),
            },
          }),
        });
        actions.register({
          area: 'srmServer',
          resource: 'testFilesRestful',
          action: 'importSheet',
          access: 'session',
          handler: async (_body, _ctx, _kernel, req) => {
            const upload = await req.xlsxUpload!();
            seenUpload = upload.file;
            const book = new ExcelJS.Workbook();
            await book.xlsx.readFile(upload.file);
            return {
              data: { fields: upload.fields, name: upload.originalName, a1: book.worksheets[0].getCell('A1').value },
            };
          },
        });
        actions.register({
          area: 'srmServer',
          resource: 'testFilesRestful',
          action: 'readAttachment',
          access: 'session',
          handler: async (body, _ctx, _kernel, req) => {
            const file = await req.readFile!(Number(body.id));
            return {
              data: {
                name: file.originalFileName,
                size: file.size,
                head: file.content.subarray(0, 5).toString('latin1'),
              },
            };
          },
        });
      },
    },
  );
});
afterAll(async () => {
  await server?.close();
});

const url = (action: string) => `${server.baseUrl}/api/srmServer/v1/testFilesRestful/${action}`;

describe('custom actions beyond JSON', () => {
  it('a file answer is a download with its name and type, not an envelope', async () => {
    const auth = await server.authHeaders('testFilesRestful');
    const res = await fetch(url('download'), {
      method: 'POST',
      headers: { ...signedHeaders(), ...auth },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('报表 x.txt')}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('hello 你好');
  });

  it('an .xlsx upload reaches the action with its form fields; the temporary file is gone afterwards; a JSON call is 400', async () => {
    const auth = await server.authHeaders('testFilesRestful');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('s').getCell('A1').value = 'cell';
    const form = new FormData();
    form.append('id', '42');
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'in.xlsx');
    const { 'content-type': _json, ...signed } = signedHeaders();
    const res = await fetch(url('importSheet'), { method: 'POST', headers: { ...signed, ...auth }, body: form });
    const answer: ApiAnswer = { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
    expect(expectOk(answer)).toEqual({ fields: { id: '42' }, name: 'in.xlsx', a1: 'cell' });
    const fs = await import('node:fs');
    expect(fs.existsSync(seenUpload!)).toBe(false);
    expectError(await server.call('srmServer', 'testFilesRestful', 'importSheet', {}, auth), 400);
  });

  it("an attachment's bytes for its uploader; another user's unlinked upload is 404", async () => {
    const admin = await server.authHeaders('testFilesRestful');
    const id = expectOk(await upload(server, admin, [{ name: 'a.pdf', bytes: PDF }]))[0].id as number;
    expect(expectOk(await server.call('srmServer', 'testFilesRestful', 'readAttachment', { id }, admin))).toEqual({
      name: 'a.pdf',
      size: PDF.length,
      head: '%PDF-',
    });
    const buyer = await server.authHeaders('testFilesRestful', 'buyer01');
    expectError(await server.call('srmServer', 'testFilesRestful', 'readAttachment', { id }, buyer), 404);
  });
});
