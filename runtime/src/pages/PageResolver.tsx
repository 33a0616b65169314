/**
 * /main/{path} → page metadata → ListPage, EditPage, DetailPage (edit path with mode=view, or a
 * detail page) or a registered custom page widget. The screen's menuId/respId come from the
 * query, else from the menu whose htmlUrl is this path, so that typed URLs keep their buttons.
 * A link carrying another responsibility the user holds makes that one current (the sider then
 * shows its menus), so that menu, buttons and headers always belong together.
 */
import { Alert, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../core/apiError';
import { ScreenProvider } from '../core/DataProviderContext';
import { useMenus, useMenusReady } from '../core/MenuContext';
import { findMenuByPath } from '../core/menuTree';
import { getResponsibilityId, setResponsibilityId } from '../core/session';
import type { ScreenIds } from '../core/request';
import { LifecycleContext } from '../approvals/LifecycleContext';
import { useWidgetRegistry } from '../widgets/WidgetRegistryContext';
import { useTabTitle } from '../app/tabContext';
import { useLabel } from '../i18n';
import { DetailPage } from './DetailPage';
import { EditPage } from './EditPage';
import { GeneratedPagesContext, type GeneratedPages } from './generatedPages';
import { ListPage } from './ListPage';
import { NotFound } from './NotFound';
import type { PageProps } from './types';
import { usePageBundle } from './usePageBundle';
import { namesOwnTab } from './useRecordHeading';

const NO_LIFECYCLES = {};
/** For custom page widgets that show generic pages (the designer's preview). */
const GENERATED_PAGES: GeneratedPages = { ListPage, EditPage };

/**
 * The screen's menuId/respId; null while they cannot be known yet: no ?menuId= and the menus that
 * name this path still loading (its calls would go without the menu header and be refused).
 */
function useScreenIds(path: string): ScreenIds | null {
  const [params] = useSearchParams();
  const menus = useMenus();
  const menusReady = useMenusReady();
  const menuIdParam = params.get('menuId');
  const respIdParam = params.get('respId');
  useEffect(() => {
    // Only when the URL changes: a switch of responsibility goes home before it happens.
    if (respIdParam && respIdParam !== getResponsibilityId()) setResponsibilityId(respIdParam);
  }, [respIdParam]);
  return useMemo(() => {
    if (!menuIdParam && !menusReady) return null;
    const menuId = menuIdParam ?? findMenuByPath(menus, path)?.menuId;
    return {
      menuId: menuId === undefined || menuId === null ? undefined : String(menuId),
      respId: respIdParam ?? (getResponsibilityId() || undefined),
    };
  }, [menuIdParam, respIdParam, menus, menusReady, path]);
}

function GeneratedPage({ page, entities }: PageProps) {
  const { t } = useTranslation();
  const registry = useWidgetRegistry();
  const [params] = useSearchParams();
  if (page.type === 'custom') {
    const Widget = page.widget ? registry.get(page.widget) : undefined;
    if (!Widget) return <Alert type="error" showIcon message={t('page.noWidget', { name: page.widget ?? '' })} />;
    return (
      <GeneratedPagesContext.Provider value={GENERATED_PAGES}>
        <Widget page={page} entities={entities} />
      </GeneratedPagesContext.Provider>
    );
  }
  if (!page.entity || !entities[page.entity]) return <Alert type="error" showIcon message={t('page.noEntity')} />;
  if (page.type === 'list') return <ListPage page={page} entities={entities} />;
  if (page.type === 'detail' || params.get('mode') === 'view') return <DetailPage page={page} entities={entities} />;
  return <EditPage page={page} entities={entities} />;
}

export function PageResolver({ path }: { path: string }) {
  const { t } = useTranslation();
  const state = usePageBundle(path);
  const screen = useScreenIds(path);
  const label = useLabel();
  // The tab's title when no menu names this path (tab titles prefer the menu's name); a record
  // page names its own (a view is titled as one), which this parent's effect would overwrite.
  const readyPage = state.status === 'ready' ? state.bundle.page : undefined;
  useTabTitle(readyPage && !namesOwnTab(readyPage) ? label(readyPage.title) : undefined);
  if (state.status === 'loading' || !screen) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }} aria-busy="true" aria-label={t('common.loading')}>
        <Spin />
      </div>
    );
  }
  if (state.status === 'notFound') return <NotFound />;
  if (state.status === 'error') {
    const message = isApiError(state.error) ? state.error.msg : t('page.loadFailed');
    return <Alert type="error" showIcon message={t('page.loadFailed')} description={message} />;
  }
  const { page, entities, lifecycles } = state.bundle;
  return (
    <ScreenProvider screen={screen}>
      <LifecycleContext.Provider value={lifecycles ?? NO_LIFECYCLES}>
        <GeneratedPage key={`${path}`} page={page} entities={entities} />
      </LifecycleContext.Provider>
    </ScreenProvider>
  );
}
