import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/apiError';
import { createFakeAuth, createFakeProvider, type FakeAuthOverrides } from '../test/fakeProvider';
import { TestProviders } from '../test/render';
import { ForgetPage } from './ForgetPage';

function LoginStub() {
  const state = useLocation().state as { userName?: string } | null;
  return <p>{`login for ${state?.userName ?? ''}`}</p>;
}

function renderForget(overrides: FakeAuthOverrides = {}) {
  const provider = createFakeAuth(overrides);
  render(
    <TestProviders provider={createFakeProvider()} auth={provider}>
      <MemoryRouter initialEntries={['/forget']}>
        <Routes>
          <Route path="/forget" element={<ForgetPage />} />
          <Route path="/login" element={<LoginStub />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return provider;
}

describe('forgotten password page', () => {
  it('sends a code for the user name, then changes the password with it and goes to login', async () => {
    const provider = renderForget({ sendEmailCode: async () => ({ msg: '如果该账号存在且登记了邮箱，验证码已发送' }) });
    expect(screen.queryByLabelText('邮箱验证码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(provider.sendEmailCode).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'buyer01' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(provider.sendEmailCode).toHaveBeenCalledWith('buyer01'));
    expect((await screen.findByRole('alert')).textContent).toContain('验证码已发送');
    expect(screen.getByRole('button', { name: '发送验证码' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('邮箱验证码'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'buyer01#Aa' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'buyer01#Aa' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码不能包含用户名')).toBeTruthy();
    expect(provider.changePasswordByCode).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('login for buyer01')).toBeTruthy();
    expect(provider.changePasswordByCode).toHaveBeenCalledWith('buyer01', '123456', 'Meridian#2027');
  });

  it('shows the server message when the code is wrong', async () => {
    renderForget({
      changePasswordByCode: async () => {
        throw new ApiError({ httpStatus: 400, msg: '验证码错误或已过期' });
      },
    });
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'buyer01' } });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    fireEvent.change(await screen.findByLabelText('邮箱验证码'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'Meridian#2027' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(screen.getAllByText('验证码错误或已过期').length).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: '返回登录' })).toBeTruthy();
  });
});
