import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/apiError';
import type { RequestFn } from '../core/request';
import { downloadImportTemplate, importExcel, IMPORT_BASE, refusalOf } from './importClient';

const screen = { menuId: '7', respId: '3' };

describe('importExcel', () => {
  it('uploads the file as multipart field "file" with the screen ids and reports the count', async () => {
    const request = vi.fn(async () => ({ data: { total: 2, imported: 2 }, msg: '' })) as unknown as RequestFn &
      ReturnType<typeof vi.fn>;
    const file = new File(['xlsx'], 'rates.xlsx');
    expect(await importExcel(screen, file, request)).toEqual({ ok: true, imported: 2 });
    const [path, body, options] = request.mock.calls[0] as [string, FormData, { screen: unknown }];
    expect(path).toBe(`${IMPORT_BASE}/importExcel`);
    expect((body.get('file') as File).name).toBe('rates.xlsx');
    expect(options.screen).toBe(screen);
  });

  it('turns a refusal into an outcome with its row errors; other errors keep their message', async () => {
    const refusal = {
      total: 3,
      failed: 1,
      errors: [{ row: 3, column: 'Rate', message: 'must be a number' }],
      errorFileUrl: '/api/fileServer/v2/file/download?id=9',
    };
    const refused = vi.fn(async () => {
      throw new ApiError({ httpStatus: 400, msg: 'Import refused', data: refusal });
    }) as unknown as RequestFn;
    expect(await importExcel(screen, new File(['x'], 'a.xlsx'), refused)).toEqual({
      ok: false,
      message: 'Import refused',
      refusal,
    });
    const forbidden = vi.fn(async () => {
      throw new ApiError({ httpStatus: 403, msg: 'No permission' });
    }) as unknown as RequestFn;
    expect(await importExcel(screen, new File(['x'], 'a.xlsx'), forbidden)).toEqual({
      ok: false,
      message: 'No permission',
      refusal: undefined,
    });
    const broken = vi.fn(async () => {
      throw new TypeError('boom');
    }) as unknown as RequestFn;
    await expect(importExcel(screen, new File(['x'], 'a.xlsx'), broken)).rejects.toThrow('boom');
  });
});

describe('refusalOf and the template', () => {
  it('reads refusal data only when it has a list of errors', () => {
    expect(refusalOf(null)).toBeUndefined();
    expect(refusalOf({ captchaRequired: true })).toBeUndefined();
    expect(refusalOf({ errors: [] })).toEqual({ errors: [] });
  });

  it('downloads the template as a file and refuses a non-file answer', async () => {
    const file = { blob: new Blob(['x']), fileName: 'rates.xlsx' };
    const request = vi.fn(async () => ({ data: file, msg: '' })) as unknown as RequestFn;
    await expect(downloadImportTemplate(screen, request)).resolves.toBe(file);
    const json = vi.fn(async () => ({ data: { not: 'a file' }, msg: '' })) as unknown as RequestFn;
    await expect(downloadImportTemplate(screen, json)).rejects.toThrow();
  });
});
