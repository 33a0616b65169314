/**
 * Breadcrumbs above the page: home, then the menu ancestry of the active tab's page (directories
 * as plain text, pages as links), ending with the page itself. A page no menu opens shows its tab
 * title after home.
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
import { menuTrail } from './menuTrail';
import { activeTab, HOME_TAB_ID } from './tabsModel';
import { useTabLabel } from './ShellTabBar';
import type { ShellTabs } from './useShellTabs';

export function ShellBreadcrumbs({ tabs }: { tabs: ShellTabs }) {
  const { t } = useTranslation();
  const menus = useMenus();
  const language = useLanguage();
  const label = useTabLabel();
  const tab = activeTab(tabs.state);
  const trail = tab.id === HOME_TAB_ID ? [] : menuTrail(menus, tab.url);
  const items: { key: string; title: ReactNode }[] = [
    { key: 'home', title: tab.id === HOME_TAB_ID ? t('app.home') : <Link to={HOME_PATH}>{t('app.home')}</Link> },
  ];
  trail.forEach((menu, index) => {
    const name = pickLabel(menu.menuName, language);
    const last = index === trail.length - 1;
    const link = !last && menu.menuType === 'PAGE' && menu.htmlUrl;
    const title = link ? (
      <Link to={pageUrl(menu.htmlUrl as string, { menuId: menu.menuId, respId: getResponsibilityId() })}>{name}</Link>
    ) : (
      name
    );
    items.push({ key: String(menu.menuId), title });
  });
  if (tab.id !== HOME_TAB_ID && !trail.length) items.push({ key: 'page', title: label(tab) });
  return (
    <nav aria-label={t('tabs.breadcrumb')} style={{ marginBottom: 12 }}>
      <Breadcrumb items={items} />
    </nav>
  );
}
