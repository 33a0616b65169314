import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/apiError';
import { getResponsibilityId, getUserInfo, hasSession, SESSION_KEYS } from '../core/session';
import { createFakeAuth, createFakeProvider, type FakeAuthOverrides } from '../test/fakeProvider';
import { buyerLogin } from '../test/session';
import { TestProviders } from '../test/render';
import { LoginPage } from './LoginPage';
import { RelocationPage } from './RelocationPage';

function Landing() {
  const location = useLocation();
  return <p>{`landed on ${location.pathname}${location.search}`}</p>;
}

function renderLogin(overrides: FakeAuthOverrides = {}, url = '/login') {
  const provider = createFakeAuth(overrides);
  render(
    <TestProviders provider={createFakeProvider()} auth={provider}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forget" element={<p>forget page</p>} />
          <Route path="/relocation" element={<RelocationPage />} />
          <Route path="/main/*" element={<Landing />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return provider;
}

function fillAndSubmit(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

const refused = (msg: string, data: object) => new ApiError({ httpStatus: 401, msg, data });

describe('login page', () => {
  it('has labelled fields, a sign-in button, a language toggle and the forgotten-password link', () => {
    renderLogin();
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '忘记密码？' }));
    expect(screen.getByText('forget page')).toBeTruthy();
  });

  it('asks for user name and password before calling the server', async () => {
    const provider = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(provider.login).not.toHaveBeenCalled();
  });

  it('success stores the session with the first responsibility current and opens home', async () => {
    const provider = renderLogin({ login: async () => buyerLogin });
    fillAndSubmit(' buyer01 ', 'Meridian#2026');
    expect(await screen.findByText('landed on /main')).toBeTruthy();
    expect(provider.login).toHaveBeenCalledWith({ userName: 'buyer01', password: 'Meridian#2026' });
    expect(sessionStorage.getItem(SESSION_KEYS.certificate)).toBe('cert-buyer');
    expect(sessionStorage.getItem(SESSION_KEYS.authorizationCode)).toBe('auth-buyer');
    expect(getUserInfo()).toEqual(buyerLogin.userInfo);
    expect(getResponsibilityId()).toBe('11');
  });

  it('goes back to the screen named in ?redirect after login', async () => {
    renderLogin(
      { login: async () => buyerLogin },
      `/login?redirect=${encodeURIComponent('/main/purList?menuId=5&respId=11')}`,
    );
    fillAndSubmit('buyer01', 'Meridian#2026');
    expect(await screen.findByText('landed on /main/purList?menuId=5&respId=11')).toBeTruthy();
  });

  it('shows the server message under the form on failure and stores nothing', async () => {
    renderLogin({
      login: async () => {
        throw refused('用户名或密码错误', { captchaRequired: false, locked: false });
      },
    });
    fillAndSubmit('buyer01', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('用户名或密码错误');
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(hasSession()).toBe(false);
    // Once: under the form, not again as a floating message.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('用户名或密码错误')).toHaveLength(1);
  });

  it('shows the captcha when the server requires it, refreshes it on click, and sends key and answer', async () => {
    let attempt = 0;
    let issued = 0;
    const provider = renderLogin({
      login: async () => {
        attempt += 1;
        if (attempt === 1) throw refused('用户名或密码错误', { captchaRequired: true });
        return buyerLogin;
      },
      generateValidateCode: async () => {
        issued += 1;
        return { validateKey: `key-${issued}`, image: `data:image/svg+xml;base64,${issued}` };
      },
    });
    fillAndSubmit('buyer01', 'wrong');
    const input = await screen.findByLabelText('验证码');
    const image = await screen.findByRole('img', { name: '验证码图片' });
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;base64,1');
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '验证码图片' }).getAttribute('src')).toBe('data:image/svg+xml;base64,2'),
    );

    // Without an answer the form does not go to the server.
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(provider.login).toHaveBeenCalledTimes(1);

    fireEvent.change(input, { target: { value: 'K7XA' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Meridian#2026' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('landed on /main')).toBeTruthy();
    expect(provider.login).toHaveBeenLastCalledWith({
      userName: 'buyer01',
      password: 'Meridian#2026',
      validateKey: 'key-2',
      validateCode: 'K7XA',
    });
  });

  it('keeps the captcha once shown and takes a new one after each failure', async () => {
    let issued = 0;
    const provider = renderLogin({
      login: async () => {
        throw refused(provider.login.mock.calls.length === 1 ? '用户名或密码错误' : '验证码错误或已过期', {
          captchaRequired: provider.login.mock.calls.length === 1,
        });
      },
      generateValidateCode: async () => {
        issued += 1;
        return { validateKey: `key-${issued}`, image: `data:image/svg+xml;base64,${issued}` };
      },
    });
    fillAndSubmit('buyer01', 'wrong');
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: 'AAAA' } });
    await waitFor(() => expect(issued).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(provider.login).toHaveBeenCalledTimes(2));
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误或已过期');
    // The server said captchaRequired false this time; the captcha stays, with a new image and an empty answer.
    await waitFor(() => expect(issued).toBe(2));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
  });

  it('switches to English', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByLabelText('User name')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
