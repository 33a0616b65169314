/**
 * /main: the layout with the menu sider of the current responsibility, the header (user,
 * responsibility, password, language, sign-out), the tab strip, breadcrumbs and the open tabs'
 * pages (kept alive, see KeepAliveTabs). Rendered only behind RequireSession; it never draws page
 * content without a session.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthProvider, useDataProvider } from '../core/DataProviderContext';
import type { MenuRow } from '../core/dataProvider';
import { MenuContext, MenusReadyContext } from '../core/MenuContext';
import { menusKey, REFERENCE_STALE_MS } from '../core/queries';
import { updateSessionInfo } from '../core/session';
import { useQueryErrorFeedback } from '../core/useQueryErrorFeedback';
import { useSession } from '../core/useSession';
import { useLanguage } from '../i18n';
import { KeepAliveTabs } from './KeepAliveTabs';
import { MenuSider } from './MenuSider';
import { RouteProgress } from './RouteProgress';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { ShellHeader } from './ShellHeader';
import { ShellTabBar } from './ShellTabBar';
import { TabsApiContext } from './tabContext';
import { useShellTabs } from './useShellTabs';
import { useSiderCollapsed } from './useSiderCollapsed';

const NO_MENUS: MenuRow[] = [];

/**
 * Menus of the current responsibility, from the app's QueryClient (['menus', respId, language]):
 * loaded when it or the language changes, then kept (REFERENCE_STALE_MS) for the session.
 */
function useMenuRows(responsibilityId: string): { menus: MenuRow[]; ready: boolean } {
  const provider = useDataProvider();
  const language = useLanguage();
  // Menu names come translated in the request language, so the language is part of the key.
  const query = useQuery({
    queryKey: menusKey(responsibilityId, language),
    queryFn: () => provider.findMenuByResp(responsibilityId),
    enabled: Boolean(responsibilityId),
    staleTime: REFERENCE_STALE_MS,
  });
  // A 401 ends the session: the login page says so.
  useQueryErrorFeedback(query, [401]);
  // Never the previous responsibility's menus while the new ones load (no placeholder data).
  const menus = responsibilityId && query.data ? query.data : NO_MENUS;
  // Answered (or failed: pages then show their own errors rather than wait for ever).
  return { menus, ready: !responsibilityId || query.isFetched };
}

/**
 * Refreshes user info and responsibilities from the server when the shell opens and when the
 * language changes (responsibility names come in the request language). A stale session answers
 * 401 here, which sends the user to the login page.
 */
function useFreshUserInfo(): void {
  const provider = useAuthProvider();
  const language = useLanguage();
  useEffect(() => {
    let live = true;
    provider.getUserInfo().then(
      (info) => live && info?.userInfo && updateSessionInfo(info.userInfo, info.responsibilities),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [provider, language]);
}

/** The sider's collapse button, named for screen readers. */
function SiderTrigger({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const name = collapsed ? t('app.siderExpand') : t('app.siderCollapse');
  // antd's trigger bar takes the click; the keyboard reaches it through this button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle();
  };
  return (
    <span
      role="button"
      tabIndex={0}
      aria-label={name}
      title={name}
      aria-expanded={!collapsed}
      onKeyDown={onKeyDown}
      style={{ display: 'block' }}
    >
      {collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
    </span>
  );
}

/** `routes`: the /main child routes, rendered by every open tab for its own URL. */
export function Shell({ routes }: { routes: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const { menus, ready: menusReady } = useMenuRows(session?.responsibilityId ?? '');
  const tabs = useShellTabs(String(session?.userInfo?.userId ?? ''), session?.responsibilityId ?? '');
  useFreshUserInfo();
  const [collapsed, setCollapsed] = useSiderCollapsed();
  if (!session) return null;
  return (
    <MenuContext.Provider value={menus}>
      <MenusReadyContext.Provider value={menusReady}>
        <TabsApiContext.Provider value={tabs}>
          <RouteProgress />
          <Layout style={{ minHeight: '100vh' }}>
            {/* Below 1200 px (xl) the sider folds for the moment, the user's choice kept: at 1024 px a
                list keeps six columns beside its actions in view (issue 33, item 11). */}
            <Layout.Sider
              width={232}
              collapsedWidth={64}
              breakpoint="xl"
              collapsible
              collapsed={collapsed}
              onCollapse={setCollapsed}
              trigger={<SiderTrigger collapsed={collapsed} onToggle={() => setCollapsed(!collapsed, 'clickTrigger')} />}
            >
              {/* The product's name is shown here only (not again in the header). */}
              <div
                style={{ color: '#fff', padding: '16px 0', textAlign: 'center', fontWeight: 600, whiteSpace: 'nowrap' }}
                title={t('app.name')}
              >
                {collapsed ? t('app.name').slice(0, 1) : t('app.name')}
              </div>
              <MenuSider menus={menus} collapsed={collapsed} />
            </Layout.Sider>
            <Layout>
              <Layout.Header
                style={{ background: '#fff', display: 'flex', alignItems: 'center', padding: '0 16px 0 24px' }}
              >
                <ShellHeader session={session} />
              </Layout.Header>
              {/* Layout.Content is the page's one <main> landmark. */}
              <Layout.Content style={{ margin: 16 }}>
                <ShellTabBar tabs={tabs} />
                <ShellBreadcrumbs tabs={tabs} />
                <KeepAliveTabs tabs={tabs} routes={routes} />
              </Layout.Content>
            </Layout>
          </Layout>
        </TabsApiContext.Provider>
      </MenusReadyContext.Provider>
    </MenuContext.Provider>
  );
}
