/**
 * A report action's answer through the app's query cache (key per action and filter). The key is
 * not a 'list' key on purpose: every callAction invalidates the lists of its resource
 * (core/queries.tsx), so a report read through callAction under a 'list' key invalidated itself and
 * was fetched again without end. A page re-reads its report after a push with refetch().
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useScreen } from '../../../core/DataProviderContext';
import { RESOURCE } from './reportModel';

export function useReport<T>(action: string, filter: Record<string, unknown>) {
  const provider = useDataProvider();
  const screen = useScreen();
  return useQuery({
    queryKey: ['report', RESOURCE.area, RESOURCE.name, action, filter, { menuId: screen.menuId ?? null }],
    queryFn: async () => (await provider.callAction(RESOURCE, action, filter)).data as T,
  });
}
