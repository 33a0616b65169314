import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../core/dataProvider';
import { buildMenuTree } from '../core/menuTree';
import { searchMenus } from './menuSearch';

const rows: MenuRow[] = [
  { menuId: 1, menuName: '采购管理', menuCode: 'PUR', menuType: 'DIR', menuParentId: 0, seqNum: 1, enabled: 'Y' },
  {
    menuId: 10,
    menuName: '采购申请',
    menuCode: 'PUR_REQ',
    menuType: 'PAGE',
    htmlUrl: 'purchaseRequisitionList',
    menuParentId: 1,
    seqNum: 1,
    enabled: 'Y',
  },
  {
    menuId: 11,
    menuName: { cn: '采购订单', en: 'Purchase orders' },
    menuCode: 'PUR_PO',
    menuType: 'PAGE',
    htmlUrl: 'poList',
    menuParentId: 1,
    seqNum: 2,
    enabled: 'Y',
  },
  { menuId: 2, menuName: '系统设置', menuCode: 'SYS', menuType: 'DIR', menuParentId: 0, seqNum: 2, enabled: 'Y' },
  {
    menuId: 20,
    menuName: '菜单管理',
    menuCode: 'SYS_MENU',
    menuType: 'PAGE',
    htmlUrl: 'systemsetting/menuFunction',
    menuParentId: 2,
    seqNum: 1,
    enabled: 'Y',
  },
];
const tree = buildMenuTree(rows);
const names = (nodes: ReturnType<typeof searchMenus>['nodes']): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.menuName, names(node.children)] : node.menuName));

describe('searchMenus', () => {
  it('keeps the matching screens with their directories, which open', () => {
    const result = searchMenus(tree, '申请');
    expect(names(result.nodes)).toEqual([['采购管理', ['采购申请']]]);
    expect(result.openKeys).toEqual(['1']);
    expect(result.firstScreen?.menuId).toBe(10);
  });

  it('matches either language and the code, ignoring case and spaces', () => {
    expect(searchMenus(tree, 'purchase ORDERS').firstScreen?.menuId).toBe(11);
    expect(searchMenus(tree, '采购订单').firstScreen?.menuId).toBe(11);
    expect(searchMenus(tree, 'sys_menu').firstScreen?.menuId).toBe(20);
  });

  it('a matching directory keeps all its screens', () => {
    const result = searchMenus(tree, '系统');
    expect(names(result.nodes)).toEqual([['系统设置', ['菜单管理']]]);
  });

  it('finds nothing for an unknown text, and leaves the tree whole for a blank one', () => {
    expect(searchMenus(tree, 'zzz')).toEqual({ nodes: [], openKeys: [], firstScreen: null });
    expect(searchMenus(tree, '  ')).toEqual({ nodes: tree, openKeys: [], firstScreen: null });
  });
});
