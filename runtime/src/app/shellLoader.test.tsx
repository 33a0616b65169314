import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../test/fakeProvider';
import { TestProviders } from '../test/render';
import { LoginPage } from './LoginPage';

const { fetchShellAhead } = vi.hoisted(() => ({ fetchShellAhead: vi.fn() }));
vi.mock('./shellLoader', () => ({ fetchShellAhead, loadShellParts: vi.fn() }));

describe('the shell chunk and the login page', () => {
  it('is not fetched when the login page loads, but once the user starts to sign in', () => {
    render(
      <TestProviders provider={createFakeProvider()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(fetchShellAhead).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'buyer01' } });
    expect(fetchShellAhead).toHaveBeenCalled();
  });
});
