import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/apiError';
import type { MenuRow } from '../core/dataProvider';
import { LANGUAGE_STORAGE_KEY } from '../core/language';
import { clearResourceCache } from '../core/useResources';
import { clearPageBundles } from '../pages/usePageBundle';
import { entities, listPage, requisitionRows } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { AppProviders } from './App';
import { AppRoutes } from './routes';

const menus: MenuRow[] = [
  { menuId: 1, menuName: '采购管理', menuCode: 'PUR', menuType: 'DIR', menuParentId: 0, seqNum: 1, enabled: 'Y' },
  {
    menuId: 100,
    menuName: '采购申请',
    menuCode: 'PUR_REQ',
    menuType: 'PAGE',
    htmlUrl: 'purchaseRequisitionList',
    menuParentId: 1,
    seqNum: 1,
    enabled: 'Y',
  },
];

function setup(url: string) {
  clearResourceCache();
  clearPageBundles();
  const provider = createFakeProvider({
    findMenuByResp: async () => menus,
    findPage: async (path: string) => {
      if (path === 'purchaseRequisitionList') return { page: listPage, entities };
      throw new ApiError({ httpStatus: 404, msg: 'no page' });
    },
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findByMenuResp: async () => [{ resourceCode: 'btnCreate', resourceName: 'create' }],
  });
  render(
    <AppProviders dataProvider={provider}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return provider;
}

describe('app routes', () => {
  it('/ is the login placeholder, clearly labelled, linking to /main', async () => {
    setup('/');
    expect(screen.getByText(/登录功能将在身份认证（identity）任务中提供/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '进入系统' }));
    expect(await screen.findByText('欢迎使用 Meridian SRM')).toBeTruthy();
  });

  it('/main shows the menu tree and home; a menu opens its page with menuId', async () => {
    const provider = setup('/main');
    expect(screen.getByText('欢迎使用 Meridian SRM')).toBeTruthy();
    fireEvent.click(await screen.findByText('采购管理'));
    fireEvent.click(await screen.findByText('采购申请'));
    expect(await screen.findByText('采购申请列表')).toBeTruthy();
    expect(await screen.findByText('PR202601010001')).toBeTruthy();
    expect(provider.findPage).toHaveBeenCalledWith('purchaseRequisitionList');
    await waitFor(() => expect(provider.findByMenuResp).toHaveBeenCalledWith('100', ''));
    expect(await screen.findByRole('button', { name: '新建' })).toBeTruthy();
  });

  it('a typed page URL without menuId takes the menuId of the menu with that htmlUrl', async () => {
    const provider = setup('/main/purchaseRequisitionList');
    expect(await screen.findByText('PR202601010001')).toBeTruthy();
    await waitFor(() => expect(provider.findByMenuResp).toHaveBeenCalledWith('100', ''));
  });

  it('unknown pages and paths show not-found', async () => {
    setup('/main/noSuchPage');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
  });

  it('unknown top-level paths show not-found', () => {
    setup('/nowhere');
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });

  it('the language toggle switches to EN and remembers it', async () => {
    setup('/main');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });
    expect(await screen.findByText('Welcome to Meridian SRM')).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
  });
});
