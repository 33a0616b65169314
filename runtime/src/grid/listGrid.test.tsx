import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { ScreenProvider } from '../core/DataProviderContext';
import type { PageDef } from '../meta';
import { ListPage } from '../pages/ListPage';
import { createFakeProvider, type FakeOverrides } from '../test/fakeProvider';
import { entities, listPage, requisitionRows, statusLookup } from '../test/fixtures';
import type { SavedColumn } from './columnLayout';
import { TableConfigApiContext, type TableConfigApi } from './tableConfigApi';

/** The list page's grid with the user's saved layout (tableConfigRestful behind a recording fake). */
function setup(
  options: { saved?: SavedColumn[] | null; loadFails?: boolean; page?: PageDef; provider?: FakeOverrides } = {},
) {
  const api: { [K in keyof TableConfigApi]: ReturnType<typeof vi.fn> } = {
    get: vi.fn(async () => {
      if (options.loadFails) throw new Error('tableConfig down');
      return options.saved ?? null;
    }),
    save: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
  };
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => [{ resourceCode: 'btnCreate' }, { resourceCode: 'btnExport' }],
    ...options.provider,
  });
  render(
    <TestProviders provider={provider}>
      <TableConfigApiContext.Provider value={api as unknown as TableConfigApi}>
        <MemoryRouter>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <ListPage page={options.page ?? listPage} entities={entities} />
          </ScreenProvider>
        </MemoryRouter>
      </TableConfigApiContext.Provider>
    </TestProviders>,
  );
  return { api, provider };
}

const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim())
    .filter(Boolean);

describe("list grid with the user's table config", () => {
  it('reads the layout of this user, page and grid and shows columns in its order', async () => {
    const { api } = setup({
      saved: [
        { key: 'status', visible: true },
        { key: 'requisitionNumber', visible: true },
        { key: 'title', visible: false },
      ],
    });
    await screen.findByText('PR202601010001');
    await waitFor(() => expect(headers().slice(0, 2)).toEqual(['状态', '申请单号']));
    expect(headers()).not.toContain('标题');
    expect(headers()).toContain('组织');
    expect(api.get).toHaveBeenCalledWith({ pagePath: 'purchaseRequisitionList', gridName: undefined });
  });

  it('falls back to the default columns when the config cannot be loaded', async () => {
    setup({ loadFails: true });
    await screen.findByText('PR202601010001');
    expect(headers()).toEqual(expect.arrayContaining(['申请单号', '标题', '组织', '状态', '总金额', '加急']));
  });

  it('hides and moves a column from the column settings, and saves the layout', async () => {
    const { api } = setup();
    await screen.findByText('PR202601010001');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByRole('group', { name: '列设置' });
    fireEvent.click(within(settings).getByRole('checkbox', { name: '标题' }));
    await waitFor(() => expect(headers()).not.toContain('标题'));
    expect(api.save).toHaveBeenLastCalledWith(
      { pagePath: 'purchaseRequisitionList', gridName: undefined },
      expect.arrayContaining([
        { key: 'title', visible: false },
        { key: 'remark', visible: false },
      ]),
    );
    fireEvent.click(within(settings).getByRole('button', { name: '上移 状态' }));
    await waitFor(() => expect(headers().indexOf('状态')).toBeLessThan(headers().indexOf('组织')));
    const saved = api.save.mock.calls.at(-1)![1] as SavedColumn[];
    expect(saved.map((c) => c.key).slice(0, 4)).toEqual(['requisitionNumber', 'title', 'status', 'orgId']);
    fireEvent.click(within(settings).getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(headers()).toContain('标题'));
    expect(api.remove).toHaveBeenCalledWith({ pagePath: 'purchaseRequisitionList', gridName: undefined });
  });

  it('says "Please configure the API property" for a grid with neither api nor entity', () => {
    setup({ page: { ...listPage, entity: undefined, grid: { columns: [{ key: 'title' }] } } });
    expect(screen.getByText('请配置 API 属性')).toBeTruthy();
  });

  it('shows empty data and stops loading when the list call fails', async () => {
    setup({
      provider: {
        listByPage: async () => {
          throw new Error('down');
        },
      },
    });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(screen.queryByText('PR202601010001')).toBeNull();
    expect(document.querySelector('.ant-table-placeholder')).not.toBeNull();
  });

  it('leaves out the toolbar when toolbar is false, the export button when export is false, the operate column when operateSlot is false', async () => {
    setup({ page: { ...listPage, grid: { ...listPage.grid!, export: false, operateSlot: false, showIndex: true } } });
    await screen.findByText('PR202601010001');
    expect(screen.getByRole('button', { name: /新\s*建/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(headers()).not.toContain('操作');
    expect(headers()[0]).toBe('序号');
  });
});
