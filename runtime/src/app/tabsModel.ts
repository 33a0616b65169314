/**
 * The shell's open tabs (docs/architecture.md "Spec: routes and home": at most 15), as pure functions over
 * one state value.
 * A tab is identified by an id of its own and shows one URL (path + query) of /main; the home
 * tab is always first and cannot be closed. The list is kept in sessionStorage for the user who
 * opened it, so a reload restores it and another user never sees it.
 */
import { HOME_PATH } from './authPaths';

export const TAB_LIMIT = 15;
export const HOME_TAB_ID = 'home';
export const TABS_STORAGE_KEY = 'meridian.tabs';

export interface ShellTab {
  id: string;
  /** /main… path with its query: what the tab shows. */
  url: string;
  /** Set by the page (metadata title or useTabTitle) when no menu names the path. */
  title?: string;
}

export interface TabsState {
  tabs: ShellTab[];
  activeId: string;
}

export function initialTabs(): TabsState {
  return { tabs: [{ id: HOME_TAB_ID, url: HOME_PATH }], activeId: HOME_TAB_ID };
}

/**
 * The tab URL of a location: /main, /main/ and /main/home are the one home tab; query parameters
 * are sorted, so the same screen reached with its parameters in another order is the same tab.
 */
export function tabUrlOf(location: { pathname: string; search: string }): string {
  const path = location.pathname.replace(/\/+$/, '');
  if (path === HOME_PATH || path === `${HOME_PATH}/home` || path === '') return HOME_PATH;
  const params = new URLSearchParams(location.search);
  params.sort();
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface VisitResult {
  state: TabsState;
  /** The limit is reached: nothing was opened and the caller must go back to the active tab. */
  refused: boolean;
}

/**
 * The router went to `url`. An open tab with it becomes active; a replacing navigation moves the
 * active tab (e.g. an edit page adding the new record's id to its URL) unless that is home;
 * anything else opens a new tab, unless TAB_LIMIT tabs are open.
 */
export function visit(state: TabsState, url: string, replace: boolean, newId: () => string): VisitResult {
  const open = state.tabs.find((tab) => tab.url === url);
  if (open) return { state: open.id === state.activeId ? state : { ...state, activeId: open.id }, refused: false };
  if (replace && state.activeId !== HOME_TAB_ID && state.tabs.some((tab) => tab.id === state.activeId)) {
    const tabs = state.tabs.map((tab) => (tab.id === state.activeId ? { id: tab.id, url } : tab));
    return { state: { ...state, tabs }, refused: false };
  }
  if (state.tabs.length >= TAB_LIMIT) return { state, refused: true };
  const tab = { id: newId(), url };
  return { state: { tabs: [...state.tabs, tab], activeId: tab.id }, refused: false };
}

export function activeTab(state: TabsState): ShellTab {
  return state.tabs.find((tab) => tab.id === state.activeId) ?? state.tabs[0];
}

/** Closes one tab (never home); when it was active, its right neighbour (else left) takes over. */
export function closeTab(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  if (id === HOME_TAB_ID || index < 0) return state;
  const tabs = state.tabs.filter((tab) => tab.id !== id);
  const activeId = state.activeId === id ? (tabs[index] ?? tabs[index - 1]).id : state.activeId;
  return { tabs, activeId };
}

/** Keeps home and the given tab, which becomes active. */
export function closeOtherTabs(state: TabsState, id: string): TabsState {
  const keep = state.tabs.some((tab) => tab.id === id) ? id : HOME_TAB_ID;
  return { tabs: state.tabs.filter((tab) => tab.id === HOME_TAB_ID || tab.id === keep), activeId: keep };
}

export function closeAllButHome(state: TabsState): TabsState {
  return { tabs: state.tabs.filter((tab) => tab.id === HOME_TAB_ID), activeId: HOME_TAB_ID };
}

/** The responsibility a tab's screen was opened under (its URL's respId), if it names one. */
function respIdOf(tab: ShellTab): string | null {
  return new URLSearchParams(tab.url.split('?')[1] ?? '').get('respId');
}

/**
 * After a switch of responsibility: keeps home and the tabs opened under `respId` (e.g. the link
 * that made it current); the others show the previous responsibility's screens and buttons. The
 * active tab stays when kept, else home takes over.
 */
export function keepTabsOfResponsibility(state: TabsState, respId: string): TabsState {
  const tabs = state.tabs.filter((tab) => tab.id === HOME_TAB_ID || respIdOf(tab) === respId);
  if (tabs.length === state.tabs.length) return state;
  return { tabs, activeId: tabs.some((tab) => tab.id === state.activeId) ? state.activeId : HOME_TAB_ID };
}

export function setTabTitle(state: TabsState, id: string, title: string): TabsState {
  if (!state.tabs.some((tab) => tab.id === id && tab.title !== title)) return state;
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === id ? { ...tab, title } : tab)) };
}

// ---- storage ------------------------------------------------------------------------------

interface StoredTabs extends TabsState {
  userId: string;
}

function isTab(value: unknown): value is ShellTab {
  const tab = value as ShellTab;
  return !!tab && typeof tab.id === 'string' && typeof tab.url === 'string' && tab.url.startsWith(HOME_PATH);
}

/** The stored tabs of this user; a fresh home-only list for anyone else or anything unreadable. */
export function loadTabs(userId: string): TabsState {
  try {
    const stored = JSON.parse(globalThis.sessionStorage?.getItem(TABS_STORAGE_KEY) ?? 'null') as StoredTabs | null;
    if (!stored || stored.userId !== userId || !Array.isArray(stored.tabs)) return initialTabs();
    const tabs = stored.tabs.filter(isTab).slice(0, TAB_LIMIT);
    if (tabs[0]?.id !== HOME_TAB_ID) return initialTabs();
    return { tabs, activeId: tabs.some((tab) => tab.id === stored.activeId) ? stored.activeId : HOME_TAB_ID };
  } catch {
    return initialTabs();
  }
}

export function saveTabs(userId: string, state: TabsState): void {
  try {
    globalThis.sessionStorage?.setItem(TABS_STORAGE_KEY, JSON.stringify({ userId, ...state } satisfies StoredTabs));
  } catch {
    /* storage disabled: the tabs last until the page reloads */
  }
}

export function clearStoredTabs(): void {
  try {
    globalThis.sessionStorage?.removeItem(TABS_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
