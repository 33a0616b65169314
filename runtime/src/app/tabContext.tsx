/**
 * What a page may know of and do with its shell tab. Pages outside the shell (tests, /iframeBox)
 * have no tab: the hooks then do nothing, so pages never depend on being in one.
 */
import { createContext, useContext, useEffect, useRef } from 'react';

export interface TabsApi {
  setTitle(tabId: string, title: string): void;
  /** Closes the tab; `thenUrl` (else the neighbour that takes over) is shown next. */
  close(tabId: string, thenUrl?: string): void;
  closeAllButHome(): void;
}

export const TabsApiContext = createContext<TabsApi | null>(null);

/** The tab a page is rendered in and whether it is the visible one (kept-alive tabs are hidden). */
export const TabContext = createContext<{ id: string; active: boolean } | null>(null);

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

/** Whether the calling page is in the visible tab (true outside the shell). */
export function useTabActive(): boolean {
  return useContext(TabContext)?.active ?? true;
}

/**
 * Calls `onActivated` each time the page's tab is shown again after another tab was (not on the
 * first showing): a kept-alive list reloads its rows there, keeping its search form.
 */
export function useTabActivated(onActivated: () => void): void {
  const active = useTabActive();
  const wasActive = useRef(active);
  const callback = useRef(onActivated);
  callback.current = onActivated;
  useEffect(() => {
    if (active && !wasActive.current) callback.current();
    wasActive.current = active;
  }, [active]);
}

/** Closes the calling page's tab (and shows `thenUrl`); outside the shell, just goes there. */
export function useCloseOwnTab(): ((thenUrl?: string) => void) | null {
  const api = useContext(TabsApiContext);
  const tabId = useContext(TabContext)?.id;
  return api && tabId ? (thenUrl?: string) => api.close(tabId, thenUrl) : null;
}
