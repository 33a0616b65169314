/**
 * React plumbing for the providers: the app-wide ones by concern (data, auth, preferences,
 * exports), and the screen (menuId, respId) whose headers every call made from that screen
 * carries. Writes through useDataProvider() invalidate the written entity's queries (queries.tsx).
 */
import { QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createDataProvider,
  type AuthProvider,
  type DataProvider,
  type ExportProvider,
  type PreferencesProvider,
} from './dataProvider';
import { useFeedback } from './feedback';
import { invalidatingProvider } from './queries';
import { request, type ScreenIds } from './request';
import { confirmingProvider } from './warnings';

/** The app's provider: one object for every concern, used where no test or preview gives another. */
const appProvider = createDataProvider(request);

export const DataProviderContext = createContext<DataProvider>(appProvider);
export const AuthProviderContext = createContext<AuthProvider>(appProvider);
export const PreferencesContext = createContext<PreferencesProvider>(appProvider);
export const ExportsContext = createContext<ExportProvider>(appProvider);

export const ScreenContext = createContext<ScreenIds>({});

export function ScreenProvider({ screen, children }: { screen: ScreenIds; children: ReactNode }) {
  const value = useMemo(() => ({ menuId: screen.menuId, respId: screen.respId }), [screen.menuId, screen.respId]);
  return <ScreenContext.Provider value={value}>{children}</ScreenContext.Provider>;
}

export function useScreen(): ScreenIds {
  return useContext(ScreenContext);
}

/**
 * The data provider bound to the current screen's menuId/respId. A write answered with a warning
 * to confirm asks the user and is re-sent when confirmed (core/warnings.ts). Its writes (saveOrUpdate,
 * doBatchSaveOrUpdate, delete, doBatchDelete, lifecycleAction) invalidate the entity's lists and
 * records in the app's QueryClient, so every screen showing them follows.
 */
export function useDataProvider(): DataProvider {
  const base = useContext(DataProviderContext);
  // Isolated widget tests may render without a QueryClientProvider: then there is nothing to invalidate.
  const client = useContext(QueryClientContext);
  const screen = useScreen();
  // Warnings the server asks the user to confirm (core/warnings.ts): where feedback can ask.
  const { confirm } = useFeedback();
  return useMemo(() => {
    const bound = screen.menuId || screen.respId ? base.forScreen(screen) : base;
    const confirming = confirm ? confirmingProvider(bound, screen, confirm) : bound;
    return client ? invalidatingProvider(confirming, client) : confirming;
  }, [base, client, screen, confirm]);
}

/** Sign-in, sign-out, captcha, user info and passwords. */
export function useAuthProvider(): AuthProvider {
  return useContext(AuthProviderContext);
}

/** The signed-in user's saved grid layouts. */
export function usePreferences(): PreferencesProvider {
  return useContext(PreferencesContext);
}

/** Excel/CSV exports, bound to the current screen (the server checks the screen's export right). */
export function useExports(): ExportProvider {
  const base = useContext(ExportsContext);
  const screen = useScreen();
  return useMemo(() => (screen.menuId || screen.respId ? base.forScreen(screen) : base), [base, screen]);
}
