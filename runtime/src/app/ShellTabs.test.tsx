import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuRow } from '../core/dataProvider';
import { getResponsibilityId } from '../core/session';
import { signIn } from '../test/session';
import { shellProvider } from '../test/shellProvider';
import { TestProviders } from '../test/render';
import { AppRoutes } from './routes';
import { clearSessionCaches } from './sessionCaches';
import { TAB_LIMIT, TABS_STORAGE_KEY } from './tabsModel';

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
const LIST_URL = '/main/purchaseRequisitionList?menuId=100&respId=11';
const SLOW = { timeout: 20_000 };

let go: NavigateFunction = () => undefined;
function Remote() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    go = navigate;
  }, [navigate]);
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function setup(url = '/main') {
  const provider = shellProvider(menus, { findByMenuResp: async () => [] });
  return {
    provider,
    ...render(
      <TestProviders provider={provider}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
          <Remote />
        </MemoryRouter>
      </TestProviders>,
    ),
  };
}

const location = () => screen.getByTestId('location').textContent;
/** The tabs' titles (antd also gives each close button the role tab: those carry no aria-selected). */
const tabNames = () =>
  within(screen.getByRole('region', { name: '已打开的页面' }))
    .getAllByRole('tab')
    .filter((tab) => tab.hasAttribute('aria-selected'))
    .map((tab) => tab.textContent);
const navigateTo = (to: string | number) =>
  act(async () => {
    if (typeof to === 'number') go(to);
    else go(to);
  });

afterEach(() => sessionStorage.clear());

describe('shell tabs', () => {
  it(`opens a tab per screen and refuses the ${TAB_LIMIT + 1}th with a message, staying where it was`, async () => {
    signIn();
    setup();
    await screen.findByRole('tab', { name: '首页' });
    for (let i = 1; i < TAB_LIMIT; i++) await navigateTo(`/main/missing${i}`);
    await waitFor(() => expect(tabNames()).toHaveLength(TAB_LIMIT));
    await navigateTo('/main/oneTooMany');
    expect(await screen.findByText(`最多只能打开 ${TAB_LIMIT} 个标签页，请先关闭一些`)).toBeTruthy();
    expect(tabNames()).toHaveLength(TAB_LIMIT);
    await waitFor(() => expect(location()).toBe(`/main/missing${TAB_LIMIT - 1}`));
    // An open screen can still be shown at the limit.
    await navigateTo('/main/missing3');
    expect(tabNames()).toHaveLength(TAB_LIMIT);
  }, 60_000);

  it("keeps a tab's page alive: the search text survives a switch to home and back", async () => {
    signIn();
    setup(LIST_URL);
    await screen.findByText('PR202601010001', undefined, SLOW);
    const field = within(screen.getByRole('search')).getByRole('textbox', { name: '申请单号' });
    fireEvent.change(field, { target: { value: 'PR2026' } });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '首页' })));
    expect(location()).toBe('/main');
    // Hidden, not gone: the list's panel stays in the document.
    expect(screen.queryByRole('search')).toBeNull();
    expect(field.isConnected).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '采购申请' })));
    expect(location()).toBe(LIST_URL);
    const again = within(screen.getByRole('search')).getByRole('textbox', { name: '申请单号' });
    expect(again).toBe(field);
    expect((again as HTMLInputElement).value).toBe('PR2026');
  });

  it('ignores a duplicate navigation: the menu entry of the screen shown adds no history entry', async () => {
    signIn();
    setup('/main');
    await navigateTo(LIST_URL);
    await screen.findByText('PR202601010001', undefined, SLOW);
    const menu = within(screen.getByRole('navigation', { name: '菜单' }));
    await act(async () => fireEvent.click(menu.getByRole('menuitem', { name: '采购管理' })));
    const entry = await menu.findByRole('menuitem', { name: '采购申请' });
    await act(async () => fireEvent.click(entry));
    expect(location()).toBe(LIST_URL);
    await navigateTo(-1);
    expect(location()).toBe('/main');
  });

  it("a link naming another responsibility makes it current and closes the previous one's tabs", async () => {
    signIn();
    setup(LIST_URL);
    await screen.findByText('PR202601010001', undefined, SLOW);
    await navigateTo('/main/elsewhere?respId=11');
    await waitFor(() => expect(tabNames()).toEqual(['首页', '采购申请', '页面不存在']));
    const other = '/main/purchaseRequisitionList?menuId=100&respId=12';
    await navigateTo(other);
    await waitFor(() => expect(getResponsibilityId()).toBe('12'));
    await waitFor(() => expect(tabNames()).toEqual(['首页', '采购申请']));
    expect(location()).toBe(other);
  });

  it("the header's responsibility switch closes every tab but home", async () => {
    signIn();
    setup(LIST_URL);
    await screen.findByText('PR202601010001', undefined, SLOW);
    await navigateTo('/main/elsewhere');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '切换职责' }));
    await act(async () => fireEvent.click(await screen.findByTitle('采购经理')));
    await waitFor(() => expect(tabNames()).toEqual(['首页']));
    expect(location()).toBe('/main');
  });

  it('shows the breadcrumb of the menu ancestry, closes tabs, and restores them after a reload', async () => {
    signIn();
    const first = setup(LIST_URL);
    await screen.findByText('PR202601010001', undefined, SLOW);
    const crumbs = screen.getByRole('navigation', { name: '面包屑' });
    expect(crumbs.textContent?.replace(/\s/g, '')).toBe('首页/采购管理/采购申请');
    await navigateTo('/main/elsewhere');
    await waitFor(() => expect(tabNames()).toEqual(['首页', '采购申请', '页面不存在']));
    first.unmount();
    setup('/main/elsewhere');
    // Restored from the session's storage; the list is named by its menu once the menus arrive.
    await waitFor(() => expect(tabNames()).toEqual(['首页', '采购申请', '页面不存在']));
    // Close buttons: none on home, so the second is the third tab's.
    await act(async () => fireEvent.click(screen.getAllByRole('tab', { name: 'remove' })[1]));
    expect(tabNames()).toEqual(['首页', '采购申请']);
    expect(location()).toBe(LIST_URL);
    clearSessionCaches();
    expect(sessionStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
  });
});
