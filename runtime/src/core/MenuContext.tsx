/** The current responsibility's menus (flat rows), loaded by the shell, read by pages. */
import { createContext, useContext } from 'react';
import type { MenuRow } from './dataProvider';

export const MenuContext = createContext<MenuRow[]>([]);

/**
 * False while the shell's menus of the current responsibility are still loading (after a reload
 * they can come after a page's own metadata). A screen opened without ?menuId= finds its menu
 * among them, so it waits for them rather than call the server without the menu header (which
 * answers 403). Outside the shell (previews, tests) there is nothing to wait for.
 */
export const MenusReadyContext = createContext<boolean>(true);

export function useMenus(): MenuRow[] {
  return useContext(MenuContext);
}

export function useMenusReady(): boolean {
  return useContext(MenusReadyContext);
}
