/**
 * Keep-alive of the shell's tabs: every tab shown once stays mounted, hidden while another tab is
 * active, so its page keeps its state (a filled search form, a half-edited record). Each tab
 * renders the /main child routes for its own URL: its pages read their own path and query.
 */
import { memo, useMemo, type ReactNode } from 'react';
import { Routes } from 'react-router-dom';
import { TabContext } from './tabContext';
import type { ShellTabs } from './useShellTabs';

function locationOf(url: string) {
  const index = url.indexOf('?');
  const pathname = index < 0 ? url : url.slice(0, index);
  return { pathname, search: index < 0 ? '' : url.slice(index), hash: '', state: null, key: url };
}

/** One tab's pages; re-rendered only when its URL or visibility changes. */
const TabFrame = memo(function TabFrame({
  id,
  url,
  active,
  routes,
}: {
  id: string;
  url: string;
  active: boolean;
  routes: ReactNode;
}) {
  const tab = useMemo(() => ({ id, active }), [id, active]);
  const location = useMemo(() => locationOf(url), [url]);
  return (
    <div hidden={!active} data-tab-panel={id}>
      <TabContext.Provider value={tab}>
        <Routes location={location}>{routes}</Routes>
      </TabContext.Provider>
    </div>
  );
});

export function KeepAliveTabs({ tabs, routes }: { tabs: ShellTabs; routes: ReactNode }) {
  return (
    <>
      {tabs.state.tabs
        .filter((tab) => tabs.mounted.has(tab.id))
        .map((tab) => (
          <TabFrame key={tab.id} id={tab.id} url={tab.url} active={tab.id === tabs.state.activeId} routes={routes} />
        ))}
    </>
  );
}
