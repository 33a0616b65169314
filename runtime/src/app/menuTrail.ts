/**
 * The menu behind a shell URL and its ancestry (tab titles and breadcrumbs). The menu named by the
 * URL's menuId wins when its htmlUrl is the path (two menus may open the same page); else the
 * first menu whose htmlUrl is the path.
 */
import type { MenuRow } from '../core/dataProvider';
import { findMenuByPath } from '../core/menuTree';
import { HOME_PATH } from './authPaths';

/** `/main/a/b?menuId=3` → { path: 'a/b', menuId: '3' }; home → path ''. */
export function parseShellUrl(url: string): { path: string; menuId: string | null; params: URLSearchParams } {
  const [pathname, search = ''] = url.split('?', 2);
  const path = pathname.startsWith(HOME_PATH) ? pathname.slice(HOME_PATH.length).replace(/^\/+|\/+$/g, '') : '';
  const params = new URLSearchParams(search);
  return { path: path === 'home' ? '' : path, menuId: params.get('menuId'), params };
}

const normalize = (htmlUrl: string | null | undefined) => (htmlUrl ?? '').replace(/^\/+|\/+$/g, '');

export function menuForUrl(menus: MenuRow[], url: string): MenuRow | undefined {
  const { path, menuId } = parseShellUrl(url);
  if (!path) return undefined;
  const named = menuId ? menus.find((row) => String(row.menuId) === menuId) : undefined;
  if (named && named.menuType !== 'DIR' && normalize(named.htmlUrl) === path) return named;
  return findMenuByPath(menus, path);
}

/** A menu and its ancestors, outermost first. */
function ancestry(menus: MenuRow[], start: MenuRow | undefined): MenuRow[] {
  const byId = new Map(menus.map((row) => [String(row.menuId), row]));
  const trail: MenuRow[] = [];
  const seen = new Set<string>();
  for (let row = start; row && !seen.has(String(row.menuId)); row = byId.get(String(row.menuParentId))) {
    seen.add(String(row.menuId));
    trail.unshift(row);
  }
  return trail;
}

/** The menu and its ancestors, outermost first ([] when no menu opens the URL). */
export function menuTrail(menus: MenuRow[], url: string): MenuRow[] {
  return ancestry(menus, menuForUrl(menus, url));
}

/**
 * The menu path of a page no menu opens but a menu's screen led to (an edit or detail page opened
 * from a list keeps the list's menuId, navigation.ts): that menu and its ancestors, outermost
 * first. [] when a menu opens the URL itself, or the URL names no menu page.
 */
export function openerTrail(menus: MenuRow[], url: string): MenuRow[] {
  const { path, menuId } = parseShellUrl(url);
  if (!path || !menuId || menuForUrl(menus, url)) return [];
  return ancestry(
    menus,
    menus.find((row) => String(row.menuId) === menuId && row.menuType !== 'DIR'),
  );
}
