/** Renders UI inside the app's providers with fake providers, a fresh query cache and an in-memory router. */
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/App';
import type { AuthProvider, DataProvider, ExportProvider, PreferencesProvider } from '../core/dataProvider';
import { ScreenProvider } from '../core/DataProviderContext';
import { createQueryClient } from '../core/queries';
import type { WidgetRegistry } from '../widgets/WidgetRegistry';
import { HomeApiContext, type HomeApi } from '../home/homeApi';
import { createFakeAuth, createFakeExports, createFakeHome, createFakePreferences } from './fakeProvider';

export interface TestProvidersProps {
  provider: DataProvider;
  /** Fakes by default: a test never reaches the network through a concern it did not set up. */
  auth?: AuthProvider;
  preferences?: PreferencesProvider;
  exports?: ExportProvider;
  home?: HomeApi;
  registry?: WidgetRegistry;
  /** A test that looks into the cache passes its own (createQueryClient); otherwise a fresh one. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** AppProviders for a test: the given providers (fakes for the others) and a query cache of its own, retry off. */
export function TestProviders({
  provider,
  auth,
  preferences,
  exports,
  home,
  registry,
  queryClient,
  children,
}: TestProvidersProps) {
  const [fallbacks] = useState(() => ({
    auth: createFakeAuth(),
    preferences: createFakePreferences(),
    exports: createFakeExports(),
    home: createFakeHome(),
    queryClient: createQueryClient(),
  }));
  return (
    <AppProviders
      dataProvider={provider}
      authProvider={auth ?? fallbacks.auth}
      preferences={preferences ?? fallbacks.preferences}
      exports={exports ?? fallbacks.exports}
      queryClient={queryClient ?? fallbacks.queryClient}
      registry={registry}
    >
      <HomeApiContext.Provider value={home ?? fallbacks.home}>{children}</HomeApiContext.Provider>
    </AppProviders>
  );
}

export interface RenderOptions extends Omit<TestProvidersProps, 'children' | 'registry' | 'queryClient'> {
  url?: string;
  screen?: { menuId?: string; respId?: string };
}

export function renderWithApp(
  ui: ReactElement,
  { url = '/main/test', screen = { menuId: '100', respId: '1' }, ...providers }: RenderOptions,
) {
  return render(
    <TestProviders {...providers}>
      <MemoryRouter initialEntries={[url]}>
        <ScreenProvider screen={screen}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
}
