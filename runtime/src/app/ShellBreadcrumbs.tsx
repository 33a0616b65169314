/**
 * Breadcrumbs above the page: home, then the menu ancestry of the active tab's page (directories
 * as plain text, pages as links), ending with the page itself. A page no menu opens (an edit page)
 * shows the menu path it was opened from, then its tab title: 首页 / 采购管理 / 采购申请 / 采购申请维护;
 * reached from no menu, its tab title after home.
 */
import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pickLabel } from '../core/language';
import { useMenus } from '../core/MenuContext';
import { getResponsibilityId } from '../core/session';
import { useLanguage } from '../i18n';
import { pageUrl } from '../pages/navigation';
import { HOME_PATH } from './authPaths';
import { menuTrail, openerTrail } from './menuTrail';
import { activeTab, HOME_TAB_ID } from './tabsModel';
import { useTabLabel } from './ShellTabBar';
import type { ShellTabs } from './useShellTabs';

export function ShellBreadcrumbs({ tabs }: { tabs: ShellTabs }) {
  const { t } = useTranslation();
  const menus = useMenus();
  const language = useLanguage();
  const label = useTabLabel();
  const tab = activeTab(tabs.state);
  const own = tab.id === HOME_TAB_ID ? [] : menuTrail(menus, tab.url);
  // The opener's menus all lead back (the last one too): the page itself is the tab title after them.
  const trail = own.length || tab.id === HOME_TAB_ID ? own : openerTrail(menus, tab.url);
  const items: { key: string; title: ReactNode }[] = [
    { key: 'home', title: tab.id === HOME_TAB_ID ? t('app.home') : <Link to={HOME_PATH}>{t('app.home')}</Link> },
  ];
  trail.forEach((menu, index) => {
    const name = pickLabel(menu.menuName, language);
    const last = own.length > 0 && index === trail.length - 1;
    const link = !last && menu.menuType === 'PAGE' && menu.htmlUrl;
    const title = link ? (
      <Link to={pageUrl(menu.htmlUrl as string, { menuId: menu.menuId, respId: getResponsibilityId() })}>{name}</Link>
    ) : (
      name
    );
    items.push({ key: String(menu.menuId), title });
  });
  if (tab.id !== HOME_TAB_ID && !own.length) items.push({ key: 'page', title: label(tab) });
  return (
    <nav aria-label={t('tabs.breadcrumb')} style={{ marginBottom: 12 }}>
      <Breadcrumb items={items} />
    </nav>
  );
}
