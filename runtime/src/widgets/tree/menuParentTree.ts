/**
 * The choices of a menu's parent (the menu administration form): the menu tree under a
 * "top level" root (value 0). The menu being edited and everything below it are shown but
 * disabled — a menu cannot become its own descendant (the server refuses it too).
 */
import { buildMenuTree, type MenuNode } from '../../core/menuTree';
import type { MenuRow } from '../../core/dataProvider';
import type { Language } from '../../core/language';

export const TOP_LEVEL = 0;

export interface MenuChoice {
  value: number;
  title: string;
  disabled?: boolean;
  children?: MenuChoice[];
}

/** An administration row: both names, as stored. */
export type MenuAdminRow = MenuRow & { menuNameEn?: string | null };

export function menuTitle(row: MenuAdminRow, language: Language): string {
  const name = typeof row.menuName === 'string' ? row.menuName : (row.menuName?.cn ?? '');
  return language === 'EN' && row.menuNameEn ? row.menuNameEn : name;
}

function toChoices(
  nodes: MenuNode[],
  language: Language,
  selfId: number | undefined,
  underSelf: boolean,
): MenuChoice[] {
  return nodes.map((node) => {
    const blocked = underSelf || Number(node.menuId) === selfId;
    const children = toChoices(node.children, language, selfId, blocked);
    return {
      value: Number(node.menuId),
      title: menuTitle(node as MenuAdminRow, language),
      ...(blocked ? { disabled: true } : {}),
      ...(children.length ? { children } : {}),
    };
  });
}

/** Disabled menus stay choosable as parents: the tree here is the whole table, not a user's menu. */
export function menuParentChoices(
  rows: MenuAdminRow[],
  language: Language,
  selfId?: number,
  topLabel = '',
): MenuChoice[] {
  const all = rows.map((row) => ({ ...row, enabled: 'Y' as const }));
  return [{ value: TOP_LEVEL, title: topLabel, children: toChoices(buildMenuTree(all), language, selfId, false) }];
}
