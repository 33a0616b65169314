/**
 * Keep-alive of the shell's tabs: every tab shown once stays mounted, hidden while another tab is
 * active, so its page keeps its state (a filled search form, a half-edited record). Each tab
 * renders the /main child routes for its own URL: its pages read their own path and query.
 *
 * A tab's pages are drawn again only when its URL changes (its visibility reaches them through
 * tabContext's store). The router's contexts change
 * with every address, whichever tab it belongs to: `<Routes>` reads the router's location and its
 * parent route's match, and then renders its pages afresh. So each tab gets both contexts of its
 * own: its location, and the shell's route match as it was when the tab was first drawn (only its
 * `/main` base counts for the tab's routes). Without that, a switch between two tabs drew every
 * open tab again, several times (measured: 0.35–0.5 s of rendering per switch with five tabs open,
 * docs/decisions.md "Issue 31: a lighter runtime").
 */
import { memo, useContext, useMemo, type ReactNode } from 'react';
import {
  NavigationType,
  Routes,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_RouteContext as RouteContext,
} from 'react-router-dom';
import { TabProvider } from './tabContext';
import type { ShellTabs } from './useShellTabs';

type RouteContextValue = React.ContextType<typeof RouteContext>;

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
  shellRoute,
}: {
  id: string;
  url: string;
  active: boolean;
  routes: ReactNode;
  shellRoute: RouteContextValue;
}) {
  const tabLocation = useMemo(() => ({ location: locationOf(url), navigationType: NavigationType.Pop }), [url]);
  // The same element while the URL stays: hiding or showing the tab does not draw its pages again.
  const pages = useMemo(
    () => (
      <LocationContext.Provider value={tabLocation}>
        <RouteContext.Provider value={shellRoute}>
          <Routes location={tabLocation.location}>{routes}</Routes>
        </RouteContext.Provider>
      </LocationContext.Provider>
    ),
    [tabLocation, shellRoute, routes],
  );
  return (
    <div hidden={!active} data-tab-panel={id}>
      <TabProvider id={id} active={active}>
        {pages}
      </TabProvider>
    </div>
  );
});

/**
 * The shell route's context, kept while the shell's base path (`/main`) stays: a new address
 * changes the match's remaining path only, which each tab takes from its own URL.
 */
function useShellRoute(): RouteContextValue {
  const current = useContext(RouteContext);
  const base = current.matches[current.matches.length - 1]?.pathnameBase ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- kept on purpose while the base stays
  return useMemo(() => current, [base]);
}

export function KeepAliveTabs({ tabs, routes }: { tabs: ShellTabs; routes: ReactNode }) {
  const shellRoute = useShellRoute();
  return (
    <>
      {tabs.state.tabs
        .filter((tab) => tabs.mounted.has(tab.id))
        .map((tab) => (
          <TabFrame
            key={tab.id}
            id={tab.id}
            url={tab.url}
            active={tab.id === tabs.state.activeId}
            routes={routes}
            shellRoute={shellRoute}
          />
        ))}
    </>
  );
}
