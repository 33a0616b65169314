/**
 * The menu tree of the current responsibility (findMenuByResp, built client-side). PAGE menus
 * open /main/{htmlUrl} with menuId and respId in the query; LINK menus open their address embedded
 * in a tab (/main/iframe with the sealed actionId). Clicking the screen already shown does nothing.
 */
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { embedRoute, sealEmbedLink } from '../core/embedLinks';
import { useFeedback } from '../core/feedback';
import { pickLabel, type Language } from '../core/language';
import type { MenuRow } from '../core/dataProvider';
import { buildMenuTree, type MenuNode } from '../core/menuTree';
import { getResponsibilityId } from '../core/session';
import { useLanguage } from '../i18n';
import { pageUrl } from '../pages/navigation';
import { tabUrlOf } from './tabsModel';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Only DIR menus open into submenus. A PAGE menu's own PAGE children are its sub-screens
 * (e.g. the edit page under a list, reached with an id): they grant buttons but are not
 * shown in the sider.
 */
function toItems(nodes: MenuNode[], language: Language): MenuItem[] {
  return nodes.map((node) => {
    const key = String(node.menuId);
    const label = pickLabel(node.menuName, language);
    if (node.menuType === 'DIR') return { key, label, children: toItems(node.children, language) };
    return { key, label };
  });
}

export function menuTarget(row: MenuRow): { kind: 'page' | 'link'; url: string } | null {
  if (!row.htmlUrl) return null;
  if (row.menuType === 'LINK') return { kind: 'link', url: row.htmlUrl };
  return { kind: 'page', url: pageUrl(row.htmlUrl, { menuId: row.menuId, respId: getResponsibilityId() }) };
}

export function MenuSider({ menus }: { menus: MenuRow[] }) {
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const feedback = useFeedback();
  const items = useMemo(() => toItems(buildMenuTree(menus), language), [menus, language]);
  const byId = useMemo(() => new Map(menus.map((row) => [String(row.menuId), row])), [menus]);
  const selected = new URLSearchParams(location.search).get('menuId');
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const row = byId.get(String(key));
    const target = row && menuTarget(row);
    if (!target || !row) return;
    if (target.kind === 'page') {
      const [pathname, search = ''] = target.url.split('?');
      // A duplicate navigation (the screen already shown) is ignored: no history entry, no reload.
      if (tabUrlOf({ pathname, search }) !== tabUrlOf(location)) navigate(target.url);
      return;
    }
    const link = { url: target.url, menuId: row.menuId, respId: getResponsibilityId(), pageName: row.menuCode };
    sealEmbedLink(link).then((actionId) => navigate(embedRoute(link, actionId, true)), (error: unknown) => feedback.error(error));
  };
  return (
    <nav aria-label={t('app.menu')}>
      <Menu mode="inline" theme="dark" items={items} selectedKeys={selected ? [selected] : []} onClick={onClick} />
    </nav>
  );
}
