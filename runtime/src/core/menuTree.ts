/** Flat findMenuByResp rows → a tree by menuParentId (0 is top level), ordered by seqNum. */
import type { MenuRow } from './dataProvider';

export interface MenuNode extends MenuRow {
  children: MenuNode[];
}

function isTopLevel(row: MenuRow, allIds: Set<string>): boolean {
  const parent = row.menuParentId;
  return parent === null || parent === undefined || String(parent) === '0' || !allIds.has(String(parent));
}

function bySeq(a: MenuNode, b: MenuNode): number {
  return (a.seqNum ?? 0) - (b.seqNum ?? 0);
}

/** Disabled menus (enabled N) are left out with their subtree. Orphans go to the top level. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const allIds = new Set(rows.map((row) => String(row.menuId)));
  const enabled = rows.filter((row) => row.enabled !== 'N');
  const nodes = new Map(enabled.map((row) => [String(row.menuId), { ...row, children: [] as MenuNode[] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    if (isTopLevel(node, allIds)) roots.push(node);
    // A child of a disabled menu finds no parent node here and is dropped with it.
    else nodes.get(String(node.menuParentId))?.children.push(node);
  }
  const sortDeep = (list: MenuNode[]): MenuNode[] => {
    list.sort(bySeq);
    list.forEach((node) => sortDeep(node.children));
    return list;
  };
  return sortDeep(roots);
}

/** The first PAGE menu whose htmlUrl is the page path (to find the menuId of a typed URL). */
export function findMenuByPath(rows: MenuRow[], path: string): MenuRow | undefined {
  const normalized = path.replace(/^\/+/, '');
  return rows.find(
    (row) => row.menuType !== 'DIR' && row.enabled !== 'N' && (row.htmlUrl ?? '').replace(/^\/+/, '') === normalized,
  );
}
