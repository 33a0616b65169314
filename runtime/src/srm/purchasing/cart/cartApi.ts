/**
 * Calls of the mall and the cart (server/src/srm/purchasing/cart). Every cart answer is the whole cart
 * afterwards (lines, and page.count = the cart count), announced to the shell's badge.
 */
import { request as defaultRequest, type RequestFn, type ScreenIds } from '../../../core/request';
import type { DataRecord } from '../../../meta';
import { announceCartCount, cartCount, type CartLine } from './cartModel';

const CART = '/api/srmServer/v1/srmPurShoppingCartRestful';
const GOODS = '/api/srmServer/v1/srmPurNoProductiveMaterialRestful';

export interface CartState {
  lines: CartLine[];
  count: number;
}

export function createCartApi(screen: ScreenIds, request: RequestFn = defaultRequest) {
  const cart = async (action: string, body: object): Promise<CartState> => {
    const answer = await request<CartLine[]>(`${CART}/${action}`, body, { screen });
    const state = { lines: answer.data ?? [], count: answer.page?.count ?? cartCount(answer.data ?? []) };
    announceCartCount(state.count);
    return state;
  };
  return {
    findByUserId: (userId?: unknown) => cart('findByUserId', userId === undefined ? {} : { userId }),
    add: (noProductiveMaterialId: number, count: number) => cart('saveOrUpdate', { noProductiveMaterialId, count }),
    addCount: (id: number, count: number) => cart('doAddCount', { id, count }),
    remove: (id: number) => cart('doDelete', { id }),
    removeAll: () => cart('doDeleteAll', {}),
    /** doSubmitGoods: the chosen lines become requisitions (one per supplier); answers the server's message and the cart afterwards. */
    checkout: async (ids: number[]): Promise<{ msg: string; cart: CartState }> => {
      const answer = await request<unknown>(`${GOODS}/doSubmitGoods`, { ids }, { screen });
      return { msg: answer.msg, cart: await cart('findByUserId', {}) };
    },
    listGoods: async (keyword: string, pageIndex: number, pageRows: number) => {
      const answer = await request<DataRecord[]>(
        `${GOODS}/listByPageGoods`,
        { keyword, pageIndex, pageRows },
        { screen },
      );
      return { rows: answer.data ?? [], total: answer.page?.count ?? 0 };
    },
  };
}

export type CartApi = ReturnType<typeof createCartApi>;
