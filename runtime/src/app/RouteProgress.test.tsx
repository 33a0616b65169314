import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteProgress } from './RouteProgress';

let go: ReturnType<typeof useNavigate> = () => undefined;
function Navigator() {
  go = useNavigate();
  return null;
}

describe('RouteProgress', () => {
  it('shows the bar and scrolls to the top on every route change', () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { container } = render(
      <MemoryRouter initialEntries={['/main']}>
        <Navigator />
        <RouteProgress />
      </MemoryRouter>,
    );
    const bar = () => container.querySelector('[data-loading]')!.getAttribute('data-loading');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(bar()).toBe('false');
    act(() => {
      go('/main/purchaseRequisitionList?menuId=1');
    });
    expect(bar()).toBe('true');
    expect(scrollTo).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(bar()).toBe('false');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
});
