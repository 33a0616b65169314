/** Page metadata by path (findPage), kept for the session: pages do not change while one works. */
import { useEffect, useState } from 'react';
import { isApiError } from '../core/apiError';
import { useDataProvider } from '../core/DataProviderContext';
import type { DataProvider } from '../core/dataProvider';
import type { PageBundle } from '../meta';

const bundles = new Map<string, Promise<PageBundle>>();

export function clearPageBundles(): void {
  bundles.clear();
}

function loadBundle(provider: DataProvider, path: string): Promise<PageBundle> {
  let entry = bundles.get(path);
  if (!entry) {
    entry = provider.findPage(path);
    entry.catch(() => bundles.delete(path));
    bundles.set(path, entry);
  }
  return entry;
}

export type BundleState =
  | { status: 'loading' }
  | { status: 'ready'; bundle: PageBundle }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown };

export function usePageBundle(path: string): BundleState {
  const provider = useDataProvider();
  const [state, setState] = useState<BundleState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadBundle(provider, path).then(
      (bundle) => live && setState(bundle?.page ? { status: 'ready', bundle } : { status: 'notFound' }),
      (error: unknown) => {
        if (!live) return;
        setState(isApiError(error) && error.httpStatus === 404 ? { status: 'notFound' } : { status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [provider, path]);
  return state;
}
