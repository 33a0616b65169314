/**
 * Button resources granted on the current screen (menuId_respId, spec 1 section 3). Cached for
 * the session per pair; hiding buttons is cosmetic, the server enforces the same list.
 */
import { useEffect, useState } from 'react';
import { useDataProvider, useScreen } from './DataProviderContext';
import type { DataProvider } from './dataProvider';

const cache = new Map<string, Promise<Set<string>>>();

export function clearResourceCache(): void {
  cache.clear();
}

export function loadResources(provider: DataProvider, menuId: string, respId: string): Promise<Set<string>> {
  const key = `${menuId}_${respId}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = provider.findByMenuResp(menuId, respId).then((rows) => new Set(rows.map((row) => row.resourceCode)));
    // A failed load is not remembered, so that the next screen visit asks again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

/** Granted resource codes; an empty set until loaded, and always empty without a menu. */
export function useGrantedResources(): { granted: Set<string>; loaded: boolean } {
  const provider = useDataProvider();
  const { menuId, respId } = useScreen();
  const [state, setState] = useState({ granted: new Set<string>(), loaded: false });
  useEffect(() => {
    if (!menuId) {
      setState({ granted: new Set(), loaded: true });
      return;
    }
    let live = true;
    loadResources(provider, menuId, respId ?? '').then(
      (granted) => live && setState({ granted, loaded: true }),
      () => live && setState({ granted: new Set(), loaded: true }),
    );
    return () => {
      live = false;
    };
  }, [provider, menuId, respId]);
  return state;
}
