/**
 * Binds the tab list (tabsModel) to the router: every /main location opens or activates its tab;
 * at the limit the navigation is undone (the URL returns to the active tab) and a message says
 * why. Tabs are remembered per user in sessionStorage. Closing a tab shows the tab that takes over.
 */
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useFeedback } from '../core/feedback';
import type { TabsApi } from './tabContext';
import {
  activeTab,
  closeAllButHome,
  closeOtherTabs,
  closeTab,
  keepTabsOfResponsibility,
  loadTabs,
  saveTabs,
  setTabTitle,
  TAB_LIMIT,
  tabUrlOf,
  visit,
  type TabsState,
} from './tabsModel';

/** Navigations the tabs make themselves: they show a tab, they never move one. */
const FROM_TABS = { fromTabs: true };

let lastId = 0;
const newTabId = () => `tab-${Date.now().toString(36)}-${++lastId}`;

export interface ShellTabs extends TabsApi {
  state: TabsState;
  /** Tabs shown at least once since the page loaded: only those have their page mounted. */
  mounted: ReadonlySet<string>;
  activate(tabId: string): void;
  closeOthers(tabId: string): void;
}

/** `responsibilityId`: the current one; when it changes, the tabs of the previous one close. */
export function useShellTabs(userId: string, responsibilityId = ''): ShellTabs {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [state, setState] = useState(() => loadTabs(userId));
  const stateRef = useRef(state);
  stateRef.current = state;
  const url = tabUrlOf(location);
  const currentUrl = useRef(url);
  currentUrl.current = url;

  // Only a change of URL is a visit: a duplicate navigation (same URL) changes nothing. The visit
  // reads the navigation's type and state as of that change, not as dependencies of its own.
  const onVisit = useEffectEvent((visitedUrl: string) => {
    const replace = navigationType === 'REPLACE' && !(location.state as typeof FROM_TABS | null)?.fromTabs;
    const result = visit(stateRef.current, visitedUrl, replace, newTabId);
    if (!result.refused) {
      setState(result.state);
      return;
    }
    feedback.warning(t('tabs.limit', { limit: TAB_LIMIT }));
    // Undo the navigation: back over a new history entry, else replace with the active tab's URL.
    if (navigationType === 'PUSH') navigate(-1);
    else navigate(activeTab(stateRef.current).url, { replace: true, state: FROM_TABS });
  });
  useLayoutEffect(() => onVisit(url), [url]);

  useEffect(() => saveTabs(userId, state), [userId, state]);

  const mountedRef = useRef(new Set<string>());
  mountedRef.current.add(state.activeId);

  /** Commits a new list and shows `thenUrl` or its active tab (no history entry of its own). */
  const show = useCallback(
    (next: TabsState, thenUrl?: string) => {
      setState(next);
      const target = thenUrl ?? activeTab(next).url;
      if (target !== currentUrl.current) navigate(target, { replace: true, state: FROM_TABS });
    },
    [navigate],
  );

  // However the responsibility changed (the header's switcher, or a link naming another one).
  const shownResp = useRef(responsibilityId);
  useEffect(() => {
    if (shownResp.current === responsibilityId) return;
    shownResp.current = responsibilityId;
    if (responsibilityId) show(keepTabsOfResponsibility(stateRef.current, responsibilityId));
  }, [responsibilityId, show]);

  return useMemo(
    () => ({
      state,
      mounted: mountedRef.current,
      activate: (tabId) => {
        const tab = stateRef.current.tabs.find((candidate) => candidate.id === tabId);
        if (tab && tab.url !== currentUrl.current) navigate(tab.url);
      },
      close: (tabId, thenUrl) => show(closeTab(stateRef.current, tabId), thenUrl),
      closeOthers: (tabId) => show(closeOtherTabs(stateRef.current, tabId)),
      closeAllButHome: () => show(closeAllButHome(stateRef.current)),
      setTitle: (tabId, title) => setState((current) => setTabTitle(current, tabId, title)),
    }),
    [state, navigate, show],
  );
}
