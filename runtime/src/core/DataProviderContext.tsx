/**
 * React plumbing for the data provider: the app-wide provider, and the screen (menuId, respId)
 * whose headers every call made from that screen carries.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createDataProvider, type DataProvider } from './dataProvider';
import { request, type ScreenIds } from './request';

export const DataProviderContext = createContext<DataProvider>(createDataProvider(request));

export const ScreenContext = createContext<ScreenIds>({});

export function ScreenProvider({ screen, children }: { screen: ScreenIds; children: ReactNode }) {
  const value = useMemo(() => ({ menuId: screen.menuId, respId: screen.respId }), [screen.menuId, screen.respId]);
  return <ScreenContext.Provider value={value}>{children}</ScreenContext.Provider>;
}

export function useScreen(): ScreenIds {
  return useContext(ScreenContext);
}

/** The provider bound to the current screen's menuId/respId. */
export function useDataProvider(): DataProvider {
  const base = useContext(DataProviderContext);
  const screen = useScreen();
  return useMemo(() => (screen.menuId || screen.respId ? base.forScreen(screen) : base), [base, screen]);
}
