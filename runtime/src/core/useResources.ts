/**
 * Button resources granted on the current screen (menuId_respId, docs/architecture.md
 * "Spec: records and grid config"). Cached in the
 * app's QueryClient per pair (['resources', menuId, respId], emptied with the session); hiding
 * buttons is cosmetic, the server enforces the same list.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useScreen } from './DataProviderContext';
import { REFERENCE_STALE_MS, resourcesKey } from './queries';

const NONE = new Set<string>();

/** Granted resource codes; an empty set until loaded, and always empty without a menu. */
export function useGrantedResources(): { granted: Set<string>; loaded: boolean } {
  const provider = useDataProvider();
  const { menuId, respId } = useScreen();
  const query = useQuery({
    queryKey: resourcesKey(menuId ?? '', respId ?? ''),
    queryFn: async () =>
      new Set((await provider.findByMenuResp(menuId ?? '', respId ?? '')).map((row) => row.resourceCode)),
    enabled: Boolean(menuId),
    staleTime: REFERENCE_STALE_MS,
  });
  if (!menuId) return { granted: NONE, loaded: true };
  // A failed load grants nothing and is not remembered: the next screen visit asks again.
  return { granted: query.data ?? NONE, loaded: !query.isPending || query.isError };
}
