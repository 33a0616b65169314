import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuRow } from '../core/dataProvider';
import { signIn } from '../test/session';
import { shellProvider } from '../test/shellProvider';
import { TestProviders } from '../test/render';
import { AppRoutes } from './routes';
import { SIDER_COLLAPSED_KEY } from './useSiderCollapsed';

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
  { menuId: 2, menuName: '系统设置', menuCode: 'SYS', menuType: 'DIR', menuParentId: 0, seqNum: 2, enabled: 'Y' },
  {
    menuId: 200,
    menuName: '菜单管理',
    menuCode: 'SYS_MENU',
    menuType: 'PAGE',
    htmlUrl: 'menuFunction',
    menuParentId: 2,
    seqNum: 1,
    enabled: 'Y',
  },
];

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function setup(url = '/main') {
  const provider = shellProvider(menus);
  return render(
    <TestProviders provider={provider}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <WhereAmI />
      </MemoryRouter>
    </TestProviders>,
  );
}

const nav = () => within(screen.getByRole('navigation', { name: '菜单' }));
const location = () => screen.getByTestId('location').textContent;

/** happy-dom's window, whose width the sider's breakpoint reads. */
const setWindowWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 800,
  });

afterEach(() => {
  sessionStorage.clear();
  localStorage.removeItem(SIDER_COLLAPSED_KEY);
});

describe('shell', () => {
  it('shows the product name once', async () => {
    signIn();
    setup();
    await screen.findByRole('navigation', { name: '菜单' }, { timeout: 8000 });
    await nav().findByRole('menuitem', { name: '采购管理' });
    expect(screen.getAllByText('Meridian SRM')).toHaveLength(1);
  });

  it('the menu search keeps matching screens, opens their directories, and Enter opens the first', async () => {
    signIn();
    setup();
    await screen.findByRole('navigation', { name: '菜单' }, { timeout: 8000 });
    await nav().findByRole('menuitem', { name: '采购管理' });
    const search = nav().getByRole('searchbox', { name: '搜索菜单' });
    fireEvent.change(search, { target: { value: '申请' } });
    expect(await nav().findByRole('menuitem', { name: '采购申请' })).toBeTruthy();
    expect(nav().queryByRole('menuitem', { name: '系统设置' })).toBeNull();
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(location()).toBe('/main/purchaseRequisitionList?menuId=100&respId=11'));
    fireEvent.change(search, { target: { value: 'nothing-like-it' } });
    expect(await nav().findByText('没有匹配的菜单')).toBeTruthy();
  });

  it('collapses the menu and remembers it for the next sign-in in this browser', async () => {
    signIn();
    const first = setup();
    await screen.findByRole('navigation', { name: '菜单' }, { timeout: 8000 });
    await nav().findByRole('menuitem', { name: '采购管理' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '收起菜单' })));
    expect(nav().queryByRole('searchbox')).toBeNull();
    expect(localStorage.getItem(SIDER_COLLAPSED_KEY)).toBe('1');
    first.unmount();
    setup();
    expect(await screen.findByRole('button', { name: '展开菜单' }, { timeout: 8000 })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '展开菜单' })));
    expect(nav().getByRole('searchbox', { name: '搜索菜单' })).toBeTruthy();
    expect(localStorage.getItem(SIDER_COLLAPSED_KEY)).toBe('0');
  });

  it('folds the menu by itself in a window under 1200 px, without changing the preference', async () => {
    setWindowWidth(1024);
    signIn();
    setup();
    expect(await screen.findByRole('button', { name: '展开菜单' }, { timeout: 8000 })).toBeTruthy();
    expect(nav().queryByRole('searchbox')).toBeNull();
    expect(localStorage.getItem(SIDER_COLLAPSED_KEY)).toBeNull();
  });
});
