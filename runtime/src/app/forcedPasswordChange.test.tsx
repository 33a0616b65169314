import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { LoginData } from '../core/session';
import { hasSession } from '../core/session';
import { createFakeAuth, createFakeProvider } from '../test/fakeProvider';
import { TestProviders } from '../test/render';
import { signIn, supplierLogin } from '../test/session';
import { relocationTarget } from './relocation';
import { AppRoutes } from './routes';

/** Issue 16h: a session with a temporary password goes to the change-password screen before anything else. */
const temporary: LoginData = {
  ...supplierLogin,
  userInfo: { ...supplierLogin.userInfo, passwordChangeRequired: true },
};
const SLOW = { timeout: 40000 };

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function setup(url: string) {
  const provider = createFakeProvider({ findMenuByResp: async () => [] });
  const auth = createFakeAuth({ login: async () => temporary });
  render(
    <TestProviders provider={provider} auth={auth}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <WhereAmI />
      </MemoryRouter>
    </TestProviders>,
  );
  return Object.assign({}, provider, auth);
}
const location = () => screen.getByTestId('location').textContent;

describe('forced password change', () => {
  it('the relocation after sign-in goes to /changePassword, before a deep link or any domain rule', () => {
    expect(relocationTarget(temporary.userInfo, '/main/changeInfoList')).toBe('/changePassword');
    expect(relocationTarget(supplierLogin.userInfo, '/main/changeInfoList')).toBe('/main/changeInfoList');
  });

  it('signing in with a temporary password lands on the change-password screen; no menu is loaded', async () => {
    const calls = setup('/login');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'portal01' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Temp#2026abc' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('您正在使用初始密码，请先修改密码后再使用系统', undefined, SLOW)).toBeTruthy();
    expect(location()).toBe('/changePassword');
    expect(calls.findMenuByResp).not.toHaveBeenCalled();
  }, 60_000);

  it('a screen of the shell opened with such a session redirects to /changePassword', async () => {
    signIn(temporary);
    const calls = setup('/main/changeInfoList');
    await screen.findByRole('dialog', undefined, SLOW);
    expect(location()).toBe('/changePassword');
    expect(calls.findMenuByResp).not.toHaveBeenCalled();
  });

  it('changing the password ends the session (sign in again); a normal session never sees the screen', async () => {
    signIn(temporary);
    const calls = setup('/changePassword');
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    fireEvent.change(within(dialog).getByLabelText('原密码'), { target: { value: 'Temp#2026abc' } });
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Portal#Own2026x' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'Portal#Own2026x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.updatePassword).toHaveBeenCalledWith('Temp#2026abc', 'Portal#Own2026x'));
    expect(await screen.findByRole('button', { name: '登录' }, SLOW)).toBeTruthy();
    expect(hasSession()).toBe(false);
  });

  it('the screen sends a session without the flag home', async () => {
    signIn(supplierLogin);
    setup('/changePassword');
    await waitFor(() => expect(location()).toBe('/main'));
  });
});
