import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuContext } from '../../../core/MenuContext';
import type { MenuRow } from '../../../core/dataProvider';
import { i18n } from '../../../i18n';
import { CartBadge } from './CartBadge';
import { announceCartCount, TROLLEY_PATH } from './cartModel';

const CART_MENU: MenuRow = {
  menuId: 77,
  menuName: '购物车',
  menuCode: 'PUR_SHOPPING_CART',
  menuType: 'PAGE',
  htmlUrl: TROLLEY_PATH,
  menuParentId: 0,
};

function envelope(data: unknown, count: number) {
  return new Response(
    JSON.stringify({ code: 'S', status: 'S', msg: '', data, page: { count, pageIndex: 1, pageRows: 1 } }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

function show(menus: MenuRow[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MenuContext.Provider value={menus}>
          <CartBadge />
        </MenuContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CartBadge', () => {
  it('is not shown (and asks nothing) without the cart menu', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = show([]);
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("starts at 0, shows the server's sum of counts, then follows every cart change", async () => {
    await act(() => i18n.changeLanguage('EN'));
    const fetch = vi.fn(async () =>
      envelope(
        [
          { cartId: 1, count: 2 },
          { cartId: 2, count: 3 },
        ],
        5,
      ),
    );
    vi.stubGlobal('fetch', fetch);
    show([CART_MENU]);
    expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toMatch(/^Cart: (0|5)$/);
    await waitFor(() => expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toBe('Cart: 5'));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/srmPurShoppingCartRestful/findByUserId');
    act(() => announceCartCount(0));
    expect(screen.getByTestId('cart-badge').getAttribute('aria-label')).toBe('Cart: 0');
  });
});
