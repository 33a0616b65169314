/**
 * The sider's menu search: which part of the menu tree a typed text leaves. A screen (PAGE or
 * LINK menu) matches when its name in either language or its code contains the text, ignoring
 * case and spaces; a matching directory keeps its whole subtree. Matches keep their ancestors so
 * the tree still says where they live, and those ancestors open.
 */
import type { MenuNode } from '../core/menuTree';

export interface MenuSearchResult {
  nodes: MenuNode[];
  /** Directories to open so that every match shows. */
  openKeys: string[];
  /** The first matching screen in menu order: what Enter opens. */
  firstScreen: MenuNode | null;
}

const normalize = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Every name a menu is known by: both languages when the row carries both, and its code. */
function namesOf(node: MenuNode): string[] {
  const name = node.menuName;
  const names = typeof name === 'string' ? [name] : [name?.cn ?? '', name?.en ?? ''];
  return [...names, node.menuCode ?? ''];
}

export function menuMatches(node: MenuNode, query: string): boolean {
  const wanted = normalize(query);
  return namesOf(node).some((name) => normalize(String(name)).includes(wanted));
}

/** Screens only: a PAGE menu's own PAGE children are sub-screens, never shown in the sider. */
const isScreen = (node: MenuNode) => node.menuType !== 'DIR';

function filterNodes(nodes: MenuNode[], query: string, openKeys: string[]): MenuNode[] {
  const kept: MenuNode[] = [];
  for (const node of nodes) {
    if (isScreen(node)) {
      if (menuMatches(node, query)) kept.push(node);
      continue;
    }
    const children = menuMatches(node, query) ? node.children : filterNodes(node.children, query, openKeys);
    if (!children.length) continue;
    openKeys.push(String(node.menuId));
    kept.push({ ...node, children });
  }
  return kept;
}

function firstScreenOf(nodes: MenuNode[]): MenuNode | null {
  for (const node of nodes) {
    const found = isScreen(node) ? node : firstScreenOf(node.children);
    if (found) return found;
  }
  return null;
}

/** The tree as the search leaves it; a blank query leaves it whole and opens nothing. */
export function searchMenus(tree: MenuNode[], query: string): MenuSearchResult {
  if (!normalize(query)) return { nodes: tree, openKeys: [], firstScreen: null };
  const openKeys: string[] = [];
  const nodes = filterNodes(tree, query, openKeys);
  return { nodes, openKeys, firstScreen: firstScreenOf(nodes) };
}
