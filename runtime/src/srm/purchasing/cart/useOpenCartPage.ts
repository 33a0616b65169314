/**
 * Opens the mall or the cart as its own menu does: with that menu's menuId and the responsibility,
 * so the screen gets its menu's buttons (the cart's delete and checkout, the mall's add) and the
 * shell finds the tab the menu opened (tabs are keyed by the URL) instead of opening a second one.
 * Keeping the calling screen's menuId instead opened the cart from the mall in a second tab with
 * the mall's grants, where the cart's buttons were missing.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMenus } from '../../../core/MenuContext';
import { findMenuByPath } from '../../../core/menuTree';
import { getResponsibilityId } from '../../../core/session';
import { pageUrl } from '../../../pages/navigation';

export function useOpenCartPage(): (path: string) => void {
  const navigate = useNavigate();
  const menus = useMenus();
  return useCallback(
    (path: string) => {
      const menu = findMenuByPath(menus, path);
      void navigate(pageUrl(path, { menuId: menu?.menuId, respId: getResponsibilityId() }));
    },
    [menus, navigate],
  );
}
