/**
 * What a page may know of and do with its shell tab. Pages outside the shell (tests, /iframeBox)
 * have no tab: the hooks then do nothing, so pages never depend on being in one.
 *
 * A tab's visibility reaches its pages through a store, not a context value: when another tab is
 * shown, a changed context value would draw every page of the hidden tab again (its grid with all
 * its rows) only to hide it. Pages that act on visibility subscribe (useTabActivated); a page that
 * renders by it (useTabActive) is drawn again alone.
 */
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

export interface TabsApi {
  setTitle(tabId: string, title: string): void;
  /** Closes the tab; `thenUrl` (else the neighbour that takes over) is shown next. */
  close(tabId: string, thenUrl?: string): void;
  closeAllButHome(): void;
}

export const TabsApiContext = createContext<TabsApi | null>(null);

/** The tab a page is rendered in: its id, and whether it is the visible one (kept-alive tabs are hidden). */
export interface TabHandle {
  readonly id: string;
  isActive(): boolean;
  /** `listener` is called after each change of visibility; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

interface TabStore extends TabHandle {
  setActive(active: boolean): void;
}

function createTabStore(id: string, active: boolean): TabStore {
  const listeners = new Set<() => void>();
  let current = active;
  return {
    id,
    isActive: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setActive(next) {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

const TabContext = createContext<TabHandle | null>(null);

/** Renders `children` as the pages of tab `id`; a change of `active` reaches only the pages that subscribed. */
export function TabProvider({ id, active, children }: { id: string; active: boolean; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one store per tab id; `active` is pushed below
  const store = useMemo(() => createTabStore(id, active), [id]);
  // Before the pages' own effects run: a page shown again sees itself active in its effects.
  useLayoutEffect(() => store.setActive(active), [store, active]);
  return <TabContext.Provider value={store}>{children}</TabContext.Provider>;
}

const ALWAYS_ACTIVE = () => () => undefined;
const TRUE = () => true;

/** Whether the calling page is in the visible tab (true outside the shell); draws the caller again on a change. */
export function useTabActive(): boolean {
  const tab = useContext(TabContext);
  return useSyncExternalStore(tab ? tab.subscribe : ALWAYS_ACTIVE, tab ? tab.isActive : TRUE);
}

/**
 * Sets the title of the calling page's tab (custom pages: notification or notice details …).
 * A menu whose htmlUrl is the page's path names the tab first; this title is used otherwise.
 */
export function useTabTitle(title: string | null | undefined): void {
  const api = useContext(TabsApiContext);
  const tabId = useContext(TabContext)?.id;
  useEffect(() => {
    if (api && tabId && title) api.setTitle(tabId, title);
  }, [api, tabId, title]);
}

/**
 * Calls `onActivated` each time the page's tab is shown again after another tab was (not on the
 * first showing): a kept-alive list reloads its rows there, keeping its search form. The caller is
 * not drawn again when its tab is hidden or shown.
 */
export function useTabActivated(onActivated: () => void): void {
  const tab = useContext(TabContext);
  const callback = useRef(onActivated);
  callback.current = onActivated;
  useEffect(() => {
    if (!tab) return undefined;
    let wasActive = tab.isActive();
    return tab.subscribe(() => {
      const active = tab.isActive();
      if (active && !wasActive) callback.current();
      wasActive = active;
    });
  }, [tab]);
}

/** Closes the calling page's tab (and shows `thenUrl`); outside the shell, just goes there. */
export function useCloseOwnTab(): ((thenUrl?: string) => void) | null {
  const api = useContext(TabsApiContext);
  const tabId = useContext(TabContext)?.id;
  return api && tabId ? (thenUrl?: string) => api.close(tabId, thenUrl) : null;
}
