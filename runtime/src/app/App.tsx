/**
 * Providers in the order they depend on each other: antd config (locale by language) and App
 * (message, modal), i18n, the query client, the providers by concern (data, auth, preferences,
 * exports), feedback, lookup cache, widgets, then the hash router.
 */
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type Context, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HashRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import {
  AuthProviderContext,
  DataProviderContext,
  ExportsContext,
  PreferencesContext,
} from '../core/DataProviderContext';
import type { AuthProvider, DataProvider, ExportProvider, PreferencesProvider } from '../core/dataProvider';
import { LookupCacheProvider } from '../core/LookupContext';
import { QueryProvider } from '../core/queries';
import { usePrefersReducedMotion } from '../core/reducedMotion';
import { htmlLang, i18n, useLanguage } from '../i18n';
import { WidgetRegistryContext } from '../widgets/registryContext';
import type { WidgetRegistry } from '../widgets/WidgetRegistry';
import { AppFeedback, MESSAGE_SECONDS } from './AppFeedback';
import { AppRoutes } from './routes';
import { watchSessionCaches } from './sessionCaches';

// Caches of one user never serve the next (login, sign-out and a 401 all change the session).
watchSessionCaches();

/** antd's theme: its animations off when the user asks for reduced motion. */
const MOTION = { token: { motion: true } };
const NO_MOTION = { token: { motion: false } };

function LocalizedAntd({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    dayjs.locale(language === 'EN' ? 'en' : 'zh-cn');
    document.documentElement.lang = htmlLang(language);
  }, [language]);
  return (
    // autoInsertSpace off: antd would render "新建" as "新 建", and buttons must keep the metadata label as their name.
    <ConfigProvider
      locale={language === 'EN' ? enUS : zhCN}
      button={{ autoInsertSpace: false }}
      theme={reducedMotion ? NO_MOTION : MOTION}
    >
      <AntdApp message={{ duration: MESSAGE_SECONDS, maxCount: 3 }}>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** A context's provider when a value is given; otherwise the context keeps its default. */
function Given<T>({ context, value, children }: { context: Context<T>; value: T | undefined; children: ReactNode }) {
  return value === undefined ? children : <context.Provider value={value}>{children}</context.Provider>;
}

export interface AppProvidersProps {
  children: ReactNode;
  /** Each provider defaults to the app's own (createDataProvider over the request client). */
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  preferences?: PreferencesProvider;
  exports?: ExportProvider;
  /** The query cache; without one, each mounted AppProviders makes its own (one per App). */
  queryClient?: QueryClient;
  /** Without one, pages use the app's registry (widgets/builtins), loaded with the pages. */
  registry?: WidgetRegistry;
}

/** Everything but the router: used by the app and by page tests (with a fake provider). */
export function AppProviders({
  children,
  dataProvider,
  authProvider,
  preferences,
  exports,
  queryClient,
  registry,
}: AppProvidersProps) {
  const content = (
    <WidgetRegistryContext.Provider value={registry ?? null}>
      <LocalizedAntd>
        <AppFeedback>
          <LookupCacheProvider>{children}</LookupCacheProvider>
        </AppFeedback>
      </LocalizedAntd>
    </WidgetRegistryContext.Provider>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryProvider client={queryClient}>
        <Given context={DataProviderContext} value={dataProvider}>
          <Given context={AuthProviderContext} value={authProvider}>
            <Given context={PreferencesContext} value={preferences}>
              <Given context={ExportsContext} value={exports}>
                {content}
              </Given>
            </Given>
          </Given>
        </Given>
      </QueryProvider>
    </I18nextProvider>
  );
}

export function App() {
  return (
    <AppProviders>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
