/** React access to the lookup cache: one cache per data provider, read through useLookup. */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n';
import { DataProviderContext } from './DataProviderContext';
import type { LookupValue } from './dataProvider';
import { LookupCache } from './lookupCache';
import { useSession } from './useSession';

const LookupCacheContext = createContext<LookupCache | null>(null);

/** One cache per data provider and session: the next user never reads the previous one's values. */
export function LookupCacheProvider({ children }: { children: ReactNode }) {
  const provider = useContext(DataProviderContext);
  const certificate = useSession()?.certificate ?? '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new session means a new cache
  const cache = useMemo(() => new LookupCache((types) => provider.findDic(types)), [provider, certificate]);
  return <LookupCacheContext.Provider value={cache}>{children}</LookupCacheContext.Provider>;
}

export function useLookupCache(): LookupCache {
  const cache = useContext(LookupCacheContext);
  const provider = useContext(DataProviderContext);
  // Without a LookupCacheProvider (isolated widget tests) fall back to a private cache.
  return useMemo(() => cache ?? new LookupCache((types) => provider.findDic(types)), [cache, provider]);
}

/** Values of one lookup type in the current language; undefined while loading. */
export function useLookup(lookupType: string | undefined): LookupValue[] | undefined {
  const cache = useLookupCache();
  const language = useLanguage();
  const [values, setValues] = useState(() => (lookupType ? cache.peek(lookupType, language) : []));
  useEffect(() => {
    if (!lookupType) {
      setValues([]);
      return;
    }
    let live = true;
    setValues(cache.peek(lookupType, language));
    cache.load([lookupType], language).then(
      (dic) => live && setValues(dic[lookupType] ?? []),
      () => live && setValues([]),
    );
    return () => {
      live = false;
    };
  }, [cache, lookupType, language]);
  return values;
}
