/** The current responsibility's menus (flat rows), loaded by the shell, read by pages. */
import { createContext, useContext } from 'react';
import type { MenuRow } from './dataProvider';

export const MenuContext = createContext<MenuRow[]>([]);

export function useMenus(): MenuRow[] {
  return useContext(MenuContext);
}
