import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../core/dataProvider';
import { menuForUrl, menuTrail, openerTrail, parseShellUrl } from './menuTrail';

const row = (menuId: number, menuParentId: number, menuType: string, htmlUrl?: string): MenuRow => ({
  menuId,
  menuParentId,
  menuType,
  htmlUrl,
  menuName: `m${menuId}`,
  menuCode: `M${menuId}`,
  enabled: 'Y',
});
const menus = [
  row(1, 0, 'DIR'),
  row(2, 1, 'PAGE', 'purchaseRequisitionList'),
  row(3, 2, 'PAGE', 'purRequisitionManage/purRequisitionEdit'),
  row(4, 0, 'PAGE', '/purchaseRequisitionList'),
];

describe('menuTrail', () => {
  it('walks from the page menu up to the top directory', () => {
    expect(
      menuTrail(menus, '/main/purRequisitionManage/purRequisitionEdit?id=5&menuId=3').map((m) => m.menuId),
    ).toEqual([1, 2, 3]);
  });

  it('prefers the menu named by menuId when it opens the path, else the first menu of the path', () => {
    expect(menuForUrl(menus, '/main/purchaseRequisitionList?menuId=4')?.menuId).toBe(4);
    expect(menuForUrl(menus, '/main/purchaseRequisitionList?menuId=3')?.menuId).toBe(2);
    expect(menuForUrl(menus, '/main/purchaseRequisitionList')?.menuId).toBe(2);
  });

  it('knows no menu for home or unknown pages, and survives a parent cycle', () => {
    expect(menuTrail(menus, '/main')).toEqual([]);
    expect(menuTrail(menus, '/main/home')).toEqual([]);
    expect(menuTrail(menus, '/main/nothing')).toEqual([]);
    const cyclic = [row(5, 6, 'DIR'), { ...row(6, 5, 'PAGE', 'x') }];
    expect(menuTrail(cyclic, '/main/x').map((m) => m.menuId)).toEqual([5, 6]);
  });

  it('parses the path and the query', () => {
    expect(parseShellUrl('/main/a/b?menuId=3&x=1')).toMatchObject({ path: 'a/b', menuId: '3' });
    expect(parseShellUrl('/main/a/b?menuId=3&x=1').params.get('x')).toBe('1');
  });
});

describe('openerTrail', () => {
  const ids = (rows: MenuRow[]) => rows.map((m) => m.menuId);

  it('is the menu path of the list an edit page no menu opens was opened from (its menuId)', () => {
    expect(menuTrail(menus, '/main/purchaseRequisitionListEdit?id=7&menuId=2')).toEqual([]);
    expect(ids(openerTrail(menus, '/main/purchaseRequisitionListEdit?id=7&menuId=2'))).toEqual([1, 2]);
  });

  it('is empty when a menu opens the page itself, or the URL names no menu page', () => {
    expect(openerTrail(menus, '/main/purRequisitionManage/purRequisitionEdit?id=5&menuId=2')).toEqual([]);
    expect(openerTrail(menus, '/main/purchaseRequisitionListEdit?id=7')).toEqual([]);
    expect(openerTrail(menus, '/main/purchaseRequisitionListEdit?menuId=1')).toEqual([]);
    expect(openerTrail(menus, '/main/purchaseRequisitionListEdit?menuId=99')).toEqual([]);
    expect(openerTrail(menus, '/main')).toEqual([]);
  });
});
