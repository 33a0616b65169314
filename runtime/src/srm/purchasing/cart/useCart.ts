/** The cart screen's state: the user's cart as the server last answered it, and its actions. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/feedback';
import type { CartState } from './cartApi';
import type { CartLine } from './cartModel';
import { useCartApi } from './useCartApi';

export interface CartActions {
  /** Sends the difference to the line's count (doAddCount); ignores a count that is not 1 or more. */
  changeCount(line: CartLine, value: number | null): void;
  remove(line: CartLine): Promise<void>;
  removeAll(): Promise<void>;
  /** Checks the chosen lines out into requisitions (doSubmitGoods); the server's message is shown. */
  checkout(ids: number[]): Promise<void>;
}

export function useCart(): { cart?: CartState } & CartActions {
  const { t } = useTranslation();
  const api = useCartApi();
  const feedback = useFeedback();
  const [cart, setCart] = useState<CartState>();
  const run = useCallback(
    async (call: () => Promise<CartState>, done?: string) => {
      try {
        setCart(await call());
        if (done) feedback.success(done);
      } catch (e) {
        feedback.error(e);
      }
    },
    [feedback],
  );
  useEffect(() => {
    void run(() => api.findByUserId());
  }, [api, run]);
  return {
    cart,
    changeCount: (line, value) => {
      const next = Number(value);
      if (!Number.isInteger(next) || next < 1 || next === Number(line.count)) return;
      void run(() => api.addCount(line.cartId, next - Number(line.count)));
    },
    remove: (line) => run(() => api.remove(line.cartId), t('cart.removed')),
    removeAll: () => run(() => api.removeAll(), t('cart.cleared')),
    checkout: async (ids) => {
      try {
        const done = await api.checkout(ids);
        setCart(done.cart);
        feedback.success(done.msg);
      } catch (e) {
        feedback.error(e);
      }
    },
  };
}
