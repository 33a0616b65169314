import { describe, expect, it, vi } from 'vitest';
import { actionPath, createDataProvider, entityPath, listPath } from './dataProvider';
import type { RequestFn } from './request';

const entity = { name: 'srmPurRequisitionHeader', area: 'srmServer' };

function fakeRequest(data: unknown = null, page?: unknown) {
  return vi.fn(async () => ({ data, page, msg: '' })) as unknown as RequestFn & ReturnType<typeof vi.fn>;
}

describe('dataProvider', () => {
  it('page actions: on the entity or on another resource of its area; a bent name is refused', () => {
    expect(actionPath(entity, 'exportPrintExcel')).toBe(
      '/api/srmServer/v1/srmPurRequisitionHeaderRestful/exportPrintExcel',
    );
    expect(actionPath({ ...entity, resource: 'srmRcnAccountCheckOcrTaskRestful' }, 'invoiceOcr')).toBe(
      '/api/srmServer/v1/srmRcnAccountCheckOcrTaskRestful/invoiceOcr',
    );
    expect(() => actionPath({ ...entity, resource: '../fileServer' }, 'x')).toThrow(/Invalid endpoint/);
    expect(() => actionPath({ ...entity, resource: 'srmRcnOther' }, 'x')).toThrow(/Invalid endpoint/);
  });

  it('custom actions: JSON with its message, a file answer, an upload as multipart with its fields', async () => {
    const target = { ...entity, resource: 'srmRcnAccountCheckInvoiceListRestful' };
    const blob = new Blob(['xlsx']);
    const request = vi.fn(async (path: string) =>
      path.endsWith('exportInvoiceList')
        ? { data: { blob, fileName: '开票清单 RC1.xlsx' }, msg: '' }
        : { data: { n: 1 }, msg: '已导入 1 行' },
    ) as unknown as RequestFn & ReturnType<typeof vi.fn>;
    const provider = createDataProvider(request);
    expect(await provider.callAction(target, 'doThing', { accountCheckId: 4 })).toEqual({
      data: { n: 1 },
      msg: '已导入 1 行',
    });
    expect(await provider.fileAction(target, 'exportInvoiceList', { accountCheckId: 4 })).toEqual({
      blob,
      fileName: '开票清单 RC1.xlsx',
    });
    const file = new File(['PK'], 'lines.xlsx');
    expect((await provider.uploadAction(entity, 'doImportCheckLine', file, { accountCheckId: '4' })).msg).toBe(
      '已导入 1 行',
    );
    const [path, form] = request.mock.calls[2] as [string, FormData];
    expect(path).toBe('/api/srmServer/v1/srmPurRequisitionHeaderRestful/doImportCheckLine');
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('accountCheckId')).toBe('4');
    expect((form.get('file') as File).name).toBe('lines.xlsx');
  });

  it('a file action answered with JSON (no file) is an error, not a silent success', async () => {
    const provider = createDataProvider(fakeRequest({ accountCheckId: 4 }));
    await expect(provider.fileAction(entity, 'exportPrintExcel', { id: 4 })).rejects.toThrow(
      /did not answer with a file/,
    );
  });

  it('calls one generic endpoint per action', async () => {
    const request = fakeRequest({ id: 1 });
    const provider = createDataProvider(request);
    await provider.findById(entity, 3);
    await provider.saveOrUpdate(entity, { title: 'x', versionNum: 2 });
    await provider.doBatchSaveOrUpdate(entity, [{ a: 1 }]);
    await provider.delete(entity, 3);
    await provider.doBatchDelete(entity, [3, 4]);
    await provider.lifecycleAction(entity, 'doSubmit', { id: 3, comment: 'ok' });
    const calls = request.mock.calls.map(([path, body]) => [path, body]);
    const base = '/api/srmServer/v1/srmPurRequisitionHeaderRestful';
    expect(calls).toEqual([
      [`${base}/findById`, { id: 3 }],
      [`${base}/saveOrUpdate`, { title: 'x', versionNum: 2 }],
      [`${base}/doBatchSaveOrUpdate`, { rows: [{ a: 1 }] }],
      [`${base}/delete`, { id: 3 }],
      [`${base}/doBatchDelete`, { ids: [3, 4] }],
      [`${base}/doSubmit`, { id: 3, comment: 'ok' }],
    ]);
  });

  it('lists with the query and returns rows and page', async () => {
    const page = { count: 1, pageIndex: 1, pageRows: 20 };
    const request = fakeRequest([{ a: 1 }], page);
    const query = { params: { status: 'DRAFT' }, pageIndex: 1, pageRows: 20, orderBy: 'title asc' };
    const result = await createDataProvider(request).listByPage(entity, query);
    expect(request.mock.calls[0][0]).toBe('/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage');
    expect(request.mock.calls[0][1]).toEqual(query);
    expect(result).toEqual({ rows: [{ a: 1 }], page });
  });

  it('calls the base endpoints with the contract bodies', async () => {
    const request = fakeRequest([]);
    const provider = createDataProvider(request);
    await provider.findPage('purchaseRequisitionList');
    await provider.findDic(['PUR_REQ_STATUS']);
    await provider.findMenuByResp('');
    await provider.findByMenuResp('7', '9');
    expect(request.mock.calls.map(([path, body]) => [path, body])).toEqual([
      ['/api/baseServer/v1/baseMetadataRestful/findPage', { path: 'purchaseRequisitionList' }],
      ['/api/baseServer/v1/baseLookupValuesRestful/findDic', { lookupTypes: ['PUR_REQ_STATUS'] }],
      [
        '/api/baseServer/v1/baseMenuRestful/findMenuByResp',
        { isValid: true, systemCode: 'BASE', responsibilityId: '' },
      ],
      ['/api/baseServer/v1/baseResourceRestful/findByMenuResp', { menuId: '7', respId: '9' }],
    ]);
  });

  it('exports through exportServer and insists on a file answer', async () => {
    const file = { blob: new Blob(['x']), fileName: 'a.xlsx' };
    const body = { requestUrl: '/api/a', requestParams: '{}', columns: '[]', fileName: 'a', sheetMaxRow: 20001 };
    const request = fakeRequest(file);
    await expect(createDataProvider(request).exportExcel(body)).resolves.toBe(file);
    expect(request.mock.calls[0][0]).toBe('/api/exportServer/v1/exportExcelRestful/exportExcel');
    await expect(createDataProvider(fakeRequest({ not: 'a file' })).exportExcel(body)).rejects.toThrow();
  });

  it('passes the screen ids of forScreen to every call', async () => {
    const request = fakeRequest({});
    await createDataProvider(request).forScreen({ menuId: '7', respId: '9' }).findById(entity, 1);
    expect(request.mock.calls[0][2]).toEqual({ screen: { menuId: '7', respId: '9' } });
  });

  it('refuses names that would bend the URL', () => {
    expect(() => entityPath(entity, '../admin')).toThrow();
    expect(() => entityPath({ name: 'a/b', area: 'srmServer' }, 'findById')).toThrow();
  });

  it('resolves GridConfig.api forms', () => {
    expect(listPath(entity)).toBe('/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage');
    expect(listPath(entity, '/api/srmServer/v1/fooRestful/listByPage')).toBe('/api/srmServer/v1/fooRestful/listByPage');
    expect(listPath(entity, 'srmServer/v1/fooRestful/listByPage')).toBe('/api/srmServer/v1/fooRestful/listByPage');
    expect(listPath(entity, '/srmServer/v1/fooRestful/listByPage')).toBe('/api/srmServer/v1/fooRestful/listByPage');
  });
});
