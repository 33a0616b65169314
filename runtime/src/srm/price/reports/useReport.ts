/** A report action's answer through the app's query cache (key per action and filter), re-read after a push. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useScreen } from '../../../core/DataProviderContext';
import { RESOURCE } from './reportModel';

export function useReport<T>(action: string, filter: Record<string, unknown>) {
  const provider = useDataProvider();
  const screen = useScreen();
  return useQuery({
    queryKey: ['list', RESOURCE.area, RESOURCE.name, action, filter, { menuId: screen.menuId ?? null }],
    queryFn: async () => (await provider.callAction(RESOURCE, action, filter)).data as T,
  });
}
