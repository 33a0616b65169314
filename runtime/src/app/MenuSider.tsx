/**
 * The menu tree of the current responsibility (findMenuByResp, built client-side). PAGE menus
 * open /main/{htmlUrl} with menuId and respId in the query; LINK menus open their address embedded
 * in a tab (/main/iframe with the sealed actionId). Clicking the screen already shown does nothing.
 * A search box above the tree narrows it to the screens whose name contains the typed text
 * (menuSearch.ts); Enter opens the first of them. A collapsed sider shows the tree only.
 */
import { Empty, Input, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
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
import { searchMenus } from './menuSearch';
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

function useMenuOpener(byId: Map<string, MenuRow>): (menuId: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const feedback = useFeedback();
  return (menuId) => {
    const row = byId.get(menuId);
    const target = row && menuTarget(row);
    if (!target || !row) return;
    if (target.kind === 'page') {
      const [pathname, search = ''] = target.url.split('?');
      // A duplicate navigation (the screen already shown) is ignored: no history entry, no reload.
      if (tabUrlOf({ pathname, search }) !== tabUrlOf(location)) navigate(target.url);
      return;
    }
    const link = { url: target.url, menuId: row.menuId, respId: getResponsibilityId(), pageName: row.menuCode };
    sealEmbedLink(link).then(
      (actionId) => navigate(embedRoute(link, actionId, true)),
      (error: unknown) => feedback.error(error),
    );
  };
}

export function MenuSider({ menus, collapsed = false }: { menus: MenuRow[]; collapsed?: boolean }) {
  const language = useLanguage();
  const location = useLocation();
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const tree = useMemo(() => buildMenuTree(menus), [menus]);
  const found = useMemo(() => searchMenus(tree, collapsed ? '' : query), [tree, query, collapsed]);
  const items = useMemo(() => toItems(found.nodes, language), [found, language]);
  const byId = useMemo(() => new Map(menus.map((row) => [String(row.menuId), row])), [menus]);
  const open = useMenuOpener(byId);
  const searching = !collapsed && query.trim() !== '';
  const selected = new URLSearchParams(location.search).get('menuId');
  return (
    <nav aria-label={t('app.menu')}>
      {!collapsed && (
        <div style={{ padding: '0 12px 8px' }}>
          <Input.Search
            allowClear
            aria-label={t('app.menuSearch')}
            placeholder={t('app.menuSearch')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onSearch={() => found.firstScreen && open(String(found.firstScreen.menuId))}
          />
        </div>
      )}
      {searching && !items.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span style={{ color: '#ffffffa6' }}>{t('app.menuSearchEmpty')}</span>}
        />
      ) : (
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={selected ? [selected] : []}
          // While searching, the directories holding matches are open; the user's own choice returns after.
          openKeys={searching ? found.openKeys : openKeys}
          onOpenChange={(keys) => !searching && setOpenKeys(keys)}
          onClick={({ key }) => open(String(key))}
        />
      )}
    </nav>
  );
}
