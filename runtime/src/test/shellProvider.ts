import { ApiError } from '../core/apiError';
import type { MenuRow } from '../core/dataProvider';
import { createFakeProvider, type FakeOverrides } from './fakeProvider';
import { entities, listPage, requisitionRows } from './fixtures';

/**
 * A fresh provider for tests of the whole shell: the given menus, the requisition list as the one
 * page (other paths answer 404) with two rows, and no cached resources or page bundles from an
 * earlier test.
 */
export function shellProvider(menus: MenuRow[], overrides: FakeOverrides = {}) {
  return createFakeProvider({
    findMenuByResp: async () => menus,
    findPage: async (path: string) => {
      if (path === 'purchaseRequisitionList') return { page: listPage, entities };
      throw new ApiError({ httpStatus: 404, msg: 'no page' });
    },
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    ...overrides,
  });
}
