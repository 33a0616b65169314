/**
 * Page metadata by path (findPage), kept for the session in the app's QueryClient (['page', path]):
 * pages do not change while one works.
 */
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../core/apiError';
import { useDataProvider } from '../core/DataProviderContext';
import { pageKey } from '../core/queries';
import type { PageBundle } from '../meta';

export type BundleState =
  | { status: 'loading' }
  | { status: 'ready'; bundle: PageBundle }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown };

export function usePageBundle(path: string): BundleState {
  const provider = useDataProvider();
  const query = useQuery({
    queryKey: pageKey(path),
    queryFn: () => provider.findPage(path),
    // A failed load leaves no data, so opening the page again asks again.
    staleTime: Infinity,
  });
  if (query.isError) {
    const { error } = query;
    return isApiError(error) && error.httpStatus === 404 ? { status: 'notFound' } : { status: 'error', error };
  }
  if (query.isPending) return { status: 'loading' };
  return query.data?.page ? { status: 'ready', bundle: query.data } : { status: 'notFound' };
}
