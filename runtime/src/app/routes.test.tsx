import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/apiError';
import type { MenuRow } from '../core/dataProvider';
import { LANGUAGE_STORAGE_KEY } from '../core/language';
import { expireSessionOn401, getResponsibilityId, hasSession, SESSION_KEYS } from '../core/session';
import { entities, listPage, requisitionRows } from '../test/fixtures';
import { createFakeAuth, createFakeProvider, type FakeAuthOverrides, type FakeOverrides } from '../test/fakeProvider';
import { buyerLogin, signIn, supplierLogin } from '../test/session';
import { TestProviders } from '../test/render';
import { loginPathFor, safeRedirect } from './authPaths';
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

const managerMenus: MenuRow[] = [
  { menuId: 2, menuName: '审批中心', menuCode: 'APPROVAL', menuType: 'DIR', menuParentId: 0, seqNum: 1, enabled: 'Y' },
];

/** Shows where the router is, so tests can assert redirects. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The browser's Back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      browser back
    </button>
  );
}

const AUTH_METHODS = new Set(Object.keys(createFakeAuth()));

function setup(url: string | Array<string | Partial<Location>>, allOverrides: FakeOverrides & FakeAuthOverrides = {}) {
  const entries = Object.entries(allOverrides);
  const overrides = Object.fromEntries(entries.filter(([name]) => !AUTH_METHODS.has(name))) as FakeOverrides;
  const auth = createFakeAuth(Object.fromEntries(entries.filter(([name]) => AUTH_METHODS.has(name))));
  const provider = createFakeProvider({
    findMenuByResp: async (respId: string) => (respId === '12' ? managerMenus : menus),
    findPage: async (path: string) => {
      if (path === 'purchaseRequisitionList') return { page: listPage, entities };
      throw new ApiError({ httpStatus: 404, msg: 'no page' });
    },
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findByMenuResp: async () => [{ resourceCode: 'btnCreate', resourceName: 'create' }],
    ...overrides,
  });
  render(
    <TestProviders provider={provider} auth={auth}>
      <MemoryRouter
        initialEntries={Array.isArray(url) ? url : [url]}
        initialIndex={Array.isArray(url) ? url.length - 1 : 0}
      >
        <AppRoutes />
        <WhereAmI />
        <BackButton />
      </MemoryRouter>
    </TestProviders>,
  );
  // One handle for the assertions: the data calls and the sign-in calls.
  return Object.assign({}, provider, auth);
}

const location = () => screen.getByTestId('location').textContent;
/** Pages load lazily (their chunk, then the metadata): give them longer than the default second. */
const SLOW = { timeout: 15000 };

describe('route guard', () => {
  it('/ and /login are the login page', () => {
    setup('/');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByLabelText('用户名')).toBeTruthy();
  });

  it('/main without a session goes to /login and renders nothing of the shell', async () => {
    const provider = setup('/main');
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(location()).toBe('/login');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(provider.findMenuByResp).not.toHaveBeenCalled();
  });

  it('a screen without a session goes to /login keeping the screen, and comes back to it after login', async () => {
    const provider = setup('/main/purchaseRequisitionList?menuId=100&respId=11', { login: async () => buyerLogin });
    await screen.findByRole('button', { name: '登录' }, SLOW);
    expect(location()).toBe(
      `/login?redirect=${encodeURIComponent('/main/purchaseRequisitionList?menuId=100&respId=11')}`,
    );
    expect(provider.findPage).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'buyer01' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Meridian#2026' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(location()).toBe('/main/purchaseRequisitionList?menuId=100&respId=11'));
    // The page chunk loads lazily on first use.
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
  }, 40_000);

  it('a 401 while working clears the session and shows the login page, keeping the screen', async () => {
    signIn();
    setup('/main/purchaseRequisitionList?menuId=100&respId=11', {
      listByPage: async () => {
        // What the request client does on a 401 to a call that carried the session.
        expireSessionOn401('/api/srmServer/v1/srmPurRequisitionHeaderRestful/listByPage', 401, 'cert-buyer');
        throw new ApiError({ httpStatus: 401, msg: '登录已失效，请重新登录' });
      },
    });
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(location()).toBe(
      `/login?redirect=${encodeURIComponent('/main/purchaseRequisitionList?menuId=100&respId=11')}`,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('登录已失效，请重新登录');
  });

  it('redirects only to shell routes', () => {
    expect(safeRedirect('/main/x?menuId=1')).toBe('/main/x?menuId=1');
    expect(safeRedirect('https://evil.example/')).toBe('/main');
    expect(safeRedirect('/main//evil.example')).toBe('/main');
    expect(safeRedirect('/mainly')).toBe('/main');
    expect(safeRedirect(null)).toBe('/main');
    expect(loginPathFor({ pathname: '/main', search: '' })).toBe('/login');
  });
});

describe('shell with a session', () => {
  it('shows the user, the menu tree and the internal home; a menu opens its page with menuId and respId', async () => {
    signIn();
    const provider = setup('/main');
    // The home dashboard itself is tested in home/; here: the internal one, greeting the user.
    expect(await screen.findByTestId('internal-home')).toBeTruthy();
    expect(screen.getByText('王采购，您好！')).toBeTruthy();
    expect(screen.getByTestId('current-user').textContent).toBe('王采购');
    await waitFor(() => expect(provider.findMenuByResp).toHaveBeenCalledWith('11'));
    fireEvent.click(await screen.findByText('采购管理'));
    fireEvent.click(await screen.findByText('采购申请'));
    expect(await screen.findByText('采购申请列表', undefined, SLOW)).toBeTruthy();
    expect(location()).toBe('/main/purchaseRequisitionList?menuId=100&respId=11');
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    expect(provider.findPage).toHaveBeenCalledWith('purchaseRequisitionList');
    await waitFor(() => expect(provider.findByMenuResp).toHaveBeenCalledWith('100', '11'));
    expect(await screen.findByRole('button', { name: '新建' })).toBeTruthy();
  });

  it('a typed page URL without menuId takes the menuId of the menu with that htmlUrl', async () => {
    signIn();
    const provider = setup('/main/purchaseRequisitionList');
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(provider.findByMenuResp).toHaveBeenCalledWith('100', '11'));
  });

  it('supplier users get the supplier home with their supplier name', async () => {
    signIn(supplierLogin);
    const provider = setup('/main');
    expect(screen.getByText('欢迎您，苏州精密五金有限公司')).toBeTruthy();
    expect(screen.queryByText('欢迎使用 Meridian SRM')).toBeNull();
    await waitFor(() => expect(provider.findMenuByResp).toHaveBeenCalledWith('21'));
  });

  it('switching the responsibility reloads the menus for it and goes home', async () => {
    signIn();
    const provider = setup('/main/purchaseRequisitionList?menuId=100&respId=11');
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    const switcher = screen.getByRole('combobox', { name: '切换职责' });
    fireEvent.mouseDown(switcher);
    fireEvent.click(await screen.findByTitle('采购经理'));
    await waitFor(() => expect(location()).toBe('/main'));
    expect(getResponsibilityId()).toBe('12');
    await waitFor(() => expect(provider.findMenuByResp).toHaveBeenCalledWith('12'));
    expect(await screen.findByText('审批中心')).toBeTruthy();
    expect(screen.queryByText('采购管理')).toBeNull();
  });

  it('a link with another held responsibility makes it current', async () => {
    signIn();
    const provider = setup('/main/purchaseRequisitionList?menuId=100&respId=12');
    await waitFor(() => expect(getResponsibilityId()).toBe('12'));
    await waitFor(() => expect(provider.findMenuByResp).toHaveBeenCalledWith('12'));
  });

  it('sign-out calls logoff, clears the session and shows the login page', async () => {
    signIn();
    const provider = setup('/main/purchaseRequisitionList?menuId=100&respId=11');
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
    });
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(provider.logoff).toHaveBeenCalledTimes(1);
    expect(hasSession()).toBe(false);
    for (const key of Object.values(SESSION_KEYS)) expect(sessionStorage.getItem(key)).toBeNull();
    expect(location()).toBe('/login');
    expect(screen.queryByText('PR202601010001')).toBeNull();
  });

  it('after sign-out, Back shows the login page and none of the previous screens', async () => {
    signIn();
    setup(['/main', '/main/purchaseRequisitionList?menuId=100&respId=11']);
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
    });
    await screen.findByRole('button', { name: '登录' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByText('王采购，您好！')).toBeNull();
  });

  it('after sign-out, a pasted screen link leads to sign-in remembering that screen', async () => {
    signIn();
    // The first screen was itself opened from the address bar (the key the router gives such entries).
    const pasted = { pathname: '/main/purchaseRequisitionList', search: '?menuId=100&respId=11', key: 'default' };
    setup([pasted]);
    expect(await screen.findByText('PR202601010001', undefined, SLOW)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '退出' }));
    });
    await screen.findByRole('button', { name: '登录' }, SLOW);
    // Signing out never remembers the screen being left.
    expect(location()).toBe('/login');
    cleanup();
    // The same page, a link pasted into the address bar: the router did not create the entry.
    setup([{ ...pasted, search: '?menuId=100&respId=11&x=1' }]);
    await waitFor(() =>
      expect(location()).toBe(
        `/login?redirect=${encodeURIComponent('/main/purchaseRequisitionList?menuId=100&respId=11&x=1')}`,
      ),
    );
  });

  it('change password: checks the confirmation, then sends old and new and asks to sign in again', async () => {
    signIn();
    const provider = setup('/main');
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('原密码'), { target: { value: 'Meridian#2026' } });
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Meridian#2028' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeTruthy();
    expect(provider.updatePassword).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.updatePassword).toHaveBeenCalledWith('Meridian#2026', 'Meridian#2027'));
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(hasSession()).toBe(false);
  });

  it('change password: a wrong old password shows the server message under the field', async () => {
    signIn();
    setup('/main', {
      updatePassword: async () => {
        throw new ApiError({
          httpStatus: 400,
          msg: '数据校验未通过',
          errors: [{ field: 'oldPassword', message: '原密码错误' }],
        });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('原密码'), { target: { value: 'Wrong#2026x' } });
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('原密码错误')).toBeTruthy();
    expect(hasSession()).toBe(true);
  });
});

describe('other routes', () => {
  it('unknown pages show not-found inside the shell', async () => {
    signIn();
    setup('/main/noSuchPage');
    expect(await screen.findByText('您访问的页面不存在或尚未配置。', undefined, SLOW)).toBeTruthy();
    // The page names its tab, and the breadcrumb ends with it.
    expect(await screen.findByRole('tab', { name: '页面不存在' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('unknown top-level paths show not-found', () => {
    setup('/nowhere');
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });

  it('the language toggle switches to EN and remembers it', async () => {
    signIn();
    setup('/main');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
    });
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Home' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('EN');
    expect(document.documentElement.lang).toBe('en');
  });
});
