/** React access to the lookup cache: one cache per data provider, read through useLookup. */
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLanguage } from '../i18n';
import { DataProviderContext } from './DataProviderContext';
import type { LookupValue } from './dataProvider';
import { LookupCache } from './lookupCache';

const LookupCacheContext = createContext<LookupCache | null>(null);

const NO_VALUES: LookupValue[] = [];

/**
 * One cache per data provider, over the app's QueryClient: the client is emptied when the session
 * changes (QueryProvider), so the next user never reads the previous one's values.
 */
export function LookupCacheProvider({ children }: { children: ReactNode }) {
  const provider = useContext(DataProviderContext);
  const client = useContext(QueryClientContext);
  const cache = useMemo(() => new LookupCache((types) => provider.findDic(types), client), [provider, client]);
  return <LookupCacheContext.Provider value={cache}>{children}</LookupCacheContext.Provider>;
}

export function useLookupCache(): LookupCache {
  const cache = useContext(LookupCacheContext);
  const provider = useContext(DataProviderContext);
  const client = useContext(QueryClientContext);
  // Without a LookupCacheProvider (isolated widget tests) fall back to a private cache.
  return useMemo(() => cache ?? new LookupCache((types) => provider.findDic(types), client), [cache, provider, client]);
}

/** Values of one lookup type in the current language; undefined while loading, [] when the load failed. */
export function useLookup(lookupType: string | undefined): LookupValue[] | undefined {
  const cache = useLookupCache();
  const language = useLanguage();
  const query = useQuery({ ...cache.options(lookupType ?? '', language), enabled: Boolean(lookupType) }, cache.client);
  if (!lookupType || query.isError) return NO_VALUES;
  return query.data;
}
