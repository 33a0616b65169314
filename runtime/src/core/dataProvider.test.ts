import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, entityPath, listPath } from './dataProvider';
import type { RequestFn } from './request';

const entity = { name: 'srmPurRequisitionHeader', area: 'srmServer' };

function fakeRequest(data: unknown = null, page?: unknown) {
  return vi.fn(async () => ({ data, page, msg: '' })) as unknown as RequestFn & ReturnType<typeof vi.fn>;
}

describe('dataProvider', () => {
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
