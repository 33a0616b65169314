import { describe, expect, it } from 'vitest';
import type { MenuRow } from './dataProvider';
import { buildMenuTree, findMenuByPath } from './menuTree';

const row = (menuId: number, menuParentId: number, seqNum: number, extra: Partial<MenuRow> = {}): MenuRow => ({
  menuId,
  menuParentId,
  seqNum,
  menuName: `m${menuId}`,
  menuCode: `M${menuId}`,
  menuType: 'PAGE',
  enabled: 'Y',
  ...extra,
});

describe('buildMenuTree', () => {
  it('nests by menuParentId and orders by seqNum', () => {
    const tree = buildMenuTree([row(3, 1, 2), row(1, 0, 2, { menuType: 'DIR' }), row(2, 1, 1), row(4, 0, 1)]);
    expect(tree.map((n) => n.menuId)).toEqual([4, 1]);
    expect(tree[1].children.map((n) => n.menuId)).toEqual([2, 3]);
  });

  it('drops disabled menus with their subtree', () => {
    const tree = buildMenuTree([row(1, 0, 1, { enabled: 'N' }), row(2, 1, 1), row(5, 2, 1), row(3, 0, 2)]);
    expect(tree.map((n) => n.menuId)).toEqual([3]);
  });

  it('finds the menu of a page path', () => {
    const rows = [row(1, 0, 1, { htmlUrl: 'purchaseRequisitionList' }), row(2, 0, 1, { htmlUrl: '/other' })];
    expect(findMenuByPath(rows, 'purchaseRequisitionList')?.menuId).toBe(1);
    expect(findMenuByPath(rows, 'other')?.menuId).toBe(2);
    expect(findMenuByPath(rows, 'none')).toBeUndefined();
  });
});
