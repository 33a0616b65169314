import { useMemo } from 'react';
import { useScreen } from '../../../core/DataProviderContext';
import { createCartApi, type CartApi } from './cartApi';

/** The cart calls bound to the current screen's menuId/respId (the server checks its buttons). */
export function useCartApi(): CartApi {
  const screen = useScreen();
  return useMemo(() => createCartApi(screen), [screen]);
}
