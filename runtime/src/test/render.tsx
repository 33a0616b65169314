/** Renders UI inside the app's providers with a fake data provider and an in-memory router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../app/App';
import type { DataProvider } from '../core/dataProvider';
import { ScreenProvider } from '../core/DataProviderContext';

export interface RenderOptions {
  provider: DataProvider;
  url?: string;
  screen?: { menuId?: string; respId?: string };
}

export function renderWithApp(
  ui: ReactElement,
  { provider, url = '/main/test', screen = { menuId: '100', respId: '1' } }: RenderOptions,
) {
  return render(
    <AppProviders dataProvider={provider}>
      <MemoryRouter initialEntries={[url]}>
        <ScreenProvider screen={screen}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        </ScreenProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}
