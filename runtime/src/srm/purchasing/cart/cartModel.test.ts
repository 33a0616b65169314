import { describe, expect, it, vi } from 'vitest';
import { createCartApi } from './cartApi';
import { announceCartCount, cartCount, cartTotal, INITIAL_CART_COUNT, onCartCount } from './cartModel';

describe('cart figures (docs/architecture.md "Spec: shopping cart")', () => {
  it('the count is the sum of the line counts, starting at 0', () => {
    expect(INITIAL_CART_COUNT).toBe(0);
    expect(cartCount([])).toBe(0);
    expect(cartCount([{ count: 2 }, { count: '3' }, { count: 1 }])).toBe(6);
  });

  it('the total sums amounts exactly in cents', () => {
    expect(cartTotal([])).toBe('0.00');
    expect(cartTotal([{ amount: '0.10' }, { amount: '0.20' }, { amount: 43 }])).toBe('43.30');
    expect(cartTotal([{ amount: '999999999999.99' }, { amount: '0.01' }])).toBe('1000000000000.00');
  });

  it('listeners hear announced counts until they unsubscribe', () => {
    const heard = vi.fn();
    const off = onCartCount(heard);
    announceCartCount(5);
    off();
    announceCartCount(7);
    expect(heard.mock.calls).toEqual([[5]]);
  });
});

describe('cart api', () => {
  it('sends the screen, answers the lines with page.count and announces the count', async () => {
    const request = vi.fn(async () => ({
      data: [{ cartId: 1, noProductiveMaterialId: 2, count: 4 }],
      page: { count: 4, pageIndex: 1, pageRows: 1 },
      msg: '',
    }));
    const heard = vi.fn();
    const off = onCartCount(heard);
    const api = createCartApi({ menuId: '9', respId: '1' }, request as never);
    await expect(api.add(2, 4)).resolves.toEqual({
      lines: [{ cartId: 1, noProductiveMaterialId: 2, count: 4 }],
      count: 4,
    });
    off();
    expect(request).toHaveBeenCalledWith(
      '/api/srmServer/v1/srmPurShoppingCartRestful/saveOrUpdate',
      { noProductiveMaterialId: 2, count: 4 },
      { screen: { menuId: '9', respId: '1' } },
    );
    expect(heard).toHaveBeenCalledWith(4);
  });

  it('doAddCount sends the difference; delete all sends nothing but the screen', async () => {
    const request = vi.fn(async () => ({ data: [], page: { count: 0, pageIndex: 1, pageRows: 0 }, msg: '' }));
    const api = createCartApi({}, request as never);
    await api.addCount(3, -1);
    await api.removeAll();
    expect(request.mock.calls.map((c) => [(c as unknown[])[0], (c as unknown[])[1]])).toEqual([
      ['/api/srmServer/v1/srmPurShoppingCartRestful/doAddCount', { id: 3, count: -1 }],
      ['/api/srmServer/v1/srmPurShoppingCartRestful/doDeleteAll', {}],
    ]);
  });
});
