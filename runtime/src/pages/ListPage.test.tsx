import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { ScreenProvider } from '../core/DataProviderContext';
import { i18n } from '../i18n';
import { entities, listPage, requisitionRows, statusLookup } from '../test/fixtures';
import { createFakeExports, createFakeProvider, type FakeProvider } from '../test/fakeProvider';
import type { PageDef } from '../meta';
import { ListPage } from './ListPage';

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function setup(granted = ['btnCreate', 'btnSubmit'], page = listPage, query = '') {
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => granted.map((resourceCode) => ({ resourceCode, resourceName: resourceCode })),
  });
  const exports = createFakeExports();
  render(
    <TestProviders provider={provider} exports={exports}>
      <MemoryRouter initialEntries={[`/main/purchaseRequisitionList?menuId=100&respId=1${query}`]}>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
          <Routes>
            <Route path="/main/purchaseRequisitionList" element={<ListPage page={page} entities={entities} />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  // One handle for the assertions: the data calls and the export calls.
  return Object.assign({}, provider, exports) as FakeProvider & typeof exports;
}

const headerTexts = () =>
  screen
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim())
    .filter(Boolean);

describe('ListPage', () => {
  it('renders the grid columns of the metadata with titles in the current language', async () => {
    setup();
    await screen.findByText('PR202601010001');
    expect(headerTexts()).toEqual(expect.arrayContaining(['申请单号', '标题', '组织', '状态', '总金额', '加急']));
    expect(headerTexts()).not.toContain('备注');
    await act(() => i18n.changeLanguage('EN'));
    expect(headerTexts()).toEqual(expect.arrayContaining(['Requisition number', 'Title', 'Organization', 'Status']));
  });

  it('lists rows with reference labels, money formatting, lookup meanings and the total', async () => {
    const provider = setup();
    await screen.findByText('PR202601010001');
    expect(screen.getByText('上海工厂')).toBeTruthy();
    expect(screen.getByText('1,234,567.50')).toBeTruthy();
    expect(screen.getByText('88.00')).toBeTruthy();
    expect(await screen.findByText('草稿')).toBeTruthy();
    expect(screen.getByText('已批准')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(provider.listByPage).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'srmPurRequisitionHeader', area: 'srmServer' }),
      expect.objectContaining({ pageIndex: 1, pageRows: 20, params: {} }),
      undefined,
    );
  });

  it('opens searched by a search field named in its URL query, the value in the form, aliases expanded', async () => {
    const page: PageDef = {
      ...listPage,
      search: {
        fields: [
          { field: 'requisitionNumber' },
          { field: 'status', op: 'in' as const, queryAliases: { CLOSE_CANCEL: ['CLOSED', 'CANCELLED'] } },
        ],
      },
    };
    const provider = setup(undefined, page, '&requisitionNumber=PR2026&status=CLOSE_CANCEL&other=x');
    await screen.findByText('PR202601010001');
    expect(provider.listByPage).toHaveBeenCalledTimes(1);
    expect(provider.listByPage).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        params: {},
        filter: {
          and: [
            { field: 'requisitionNumber', op: 'like', value: 'PR2026' },
            { field: 'status', op: 'in', value: ['CLOSED', 'CANCELLED'] },
          ],
        },
      }),
      undefined,
    );
    expect((screen.getByRole('search').querySelector('input') as HTMLInputElement).value).toBe('PR2026');
    // Reset clears the preset like any other condition.
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(provider.listByPage).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ params: {}, filter: undefined }),
        undefined,
      ),
    );
  });

  it('shows only granted toolbar buttons, and row buttons whose showWhen passes', async () => {
    setup();
    await screen.findByText('PR202601010001');
    await waitFor(() => expect(screen.getByRole('button', { name: '新建' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    // Submit is granted but only DRAFT rows pass its showWhen.
    expect(screen.getAllByRole('button', { name: '提交' })).toHaveLength(1);
  });

  it('runs a row lifecycle action on the row and reloads', async () => {
    const provider = setup();
    await screen.findByText('PR202601010001');
    const submit = await screen.findByRole('button', { name: '提交' });
    const calls = provider.listByPage.mock.calls.length;
    fireEvent.click(submit);
    await waitFor(() =>
      expect(provider.lifecycleAction).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'srmPurRequisitionHeader' }),
        'doSubmit',
        { id: 1 },
      ),
    );
    await waitFor(() => expect(provider.listByPage.mock.calls.length).toBeGreaterThan(calls));
  });

  it('a toolbar action without rows asks its prompt and sends only the value, with nothing selected', async () => {
    const page: PageDef = {
      ...listPage,
      actions: [
        ...(listPage.actions ?? []),
        {
          action: 'doCollect',
          resourceCode: 'btnCollect',
          label: { cn: '汇总年度', en: 'Summarise' },
          placement: 'toolbar',
          withoutRows: true,
          prompt: { field: 'year', label: { cn: '年度', en: 'Year' }, required: true, maxLength: 4 },
        },
      ],
    };
    const provider = setup(['btnCollect'], page);
    await screen.findByText('PR202601010001');
    fireEvent.click(await screen.findByRole('button', { name: '汇总年度' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '2025' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(provider.lifecycleAction).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'srmPurRequisitionHeader' }),
        'doCollect',
        {
          year: '2025',
        },
      ),
    );
  });

  it('searches with the search form values', async () => {
    const provider = setup();
    await screen.findByText('PR202601010001');
    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByRole('textbox', { name: '申请单号' }), { target: { value: 'PR2026' } });
    fireEvent.click(within(search).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(provider.listByPage).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ pageIndex: 1, filter: { field: 'requisitionNumber', op: 'like', value: 'PR2026' } }),
        undefined,
      ),
    );
  });

  it('sorts on the server and pages with the page sizes of the spec', async () => {
    const provider = setup();
    await screen.findByText('PR202601010001');
    const titleHeader = screen.getAllByRole('columnheader').find((cell) => cell.textContent?.trim() === '标题');
    fireEvent.click(titleHeader as HTMLElement);
    await waitFor(() =>
      expect(provider.listByPage).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ orderBy: 'title asc' }),
        undefined,
      ),
    );
  });

  it('batch delete asks for confirmation, then deletes the selected ids', async () => {
    const provider = setup(['btnDelete']);
    await screen.findByText('PR202601010001');
    const deleteButton = await screen.findByRole('button', { name: '批量删除' });
    const rowBoxes = screen.getAllByRole('checkbox').slice(1);
    fireEvent.click(rowBoxes[0]);
    fireEvent.click(rowBoxes[1]);
    fireEvent.click(deleteButton);
    expect(await screen.findByText('确定删除选中的 2 条记录吗？')).toBeTruthy();
    expect(provider.doBatchDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.doBatchDelete).toHaveBeenCalledWith(expect.anything(), [1, 2]));
  });

  it('exports the current query with the shown columns', async () => {
    const provider = setup(['btnExport']);
    await screen.findByText('PR202601010001');
    fireEvent.click(await screen.findByRole('button', { name: '导出' }));
    await waitFor(() => expect(provider.exportExcel).toHaveBeenCalledTimes(1));
    const body = provider.exportExcel.mock.calls[0][0] as {
      requestUrl: string;
      requestParams: string;
      columns: string;
      fileName: string;
    };
    expect(body.requestUrl).toBe('/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage');
    expect(JSON.parse(body.requestParams)).toEqual({ params: {} });
    expect(JSON.parse(body.columns).map((c: { key: string }) => c.key)).toEqual([
      'requisitionNumber',
      'title',
      'orgId',
      'status',
      'totalAmount',
      'urgentFlag',
    ]);
    expect(body.fileName).toBe('采购申请列表');
  });

  it("exports the same query as CSV from the export button's other format", async () => {
    const provider = setup(['btnExport']);
    await screen.findByText('PR202601010001');
    fireEvent.click(await screen.findByRole('button', { name: '其他导出格式' }));
    fireEvent.click(await screen.findByText('导出 CSV'));
    await waitFor(() => expect(provider.exportCsv).toHaveBeenCalledTimes(1));
    expect(provider.exportExcel).not.toHaveBeenCalled();
    const body = provider.exportCsv.mock.calls[0][0] as { requestUrl: string; fileName: string };
    expect(body).toMatchObject({
      requestUrl: '/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage',
      fileName: '采购申请列表',
    });
  });

  it('opens the record from a linkTag column, keeping menuId and respId', async () => {
    setup();
    fireEvent.click(await screen.findByText('PR202601010001'));
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe(
      '/main/purRequisitionManage/purRequisitionEdit?id=1&mode=view&menuId=100&respId=1',
    );
  });

  it('an openPage row action opens its page with the row id under its idParam, in the menu that grants it', async () => {
    const open = (idParam?: string): PageDef => ({
      ...listPage,
      actions: [
        {
          action: 'openPage',
          resourceCode: 'btnCreate',
          label: { cn: '查看结果', en: 'Results' },
          placement: 'row',
          page: 'srmSpePerformanceList',
          ...(idParam ? { idParam } : {}),
        },
      ],
    });
    setup(['btnCreate'], open('schemeId'));
    fireEvent.click((await screen.findAllByRole('button', { name: '查看结果' }))[0]);
    expect((await screen.findByTestId('location')).textContent).toBe('/main/srmSpePerformanceList?schemeId=1&respId=1');
  });

  it("editMode 'modal' creates in a modal over the list and reloads it", async () => {
    const modalPage = { ...listPage, editMode: 'modal' as const, editPage: undefined };
    const provider = setup(['btnCreate'], modalPage);
    await screen.findByText('PR202601010001');
    fireEvent.click(await screen.findByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建采购申请')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '标题' }), { target: { value: '新申请' } });
    const loads = provider.listByPage.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(provider.saveOrUpdate).toHaveBeenCalledWith(
        expect.anything(),
        expect.objectContaining({ title: '新申请' }),
      ),
    );
    await waitFor(() => expect(provider.listByPage.mock.calls.length).toBeGreaterThan(loads));
  });

  it('create opens the edit page without an id', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: '新建' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/main/purRequisitionManage/purRequisitionEdit?menuId=100&respId=1',
    );
  });
});
