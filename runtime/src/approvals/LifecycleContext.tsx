/**
 * The lifecycles of the current page bundle (findPage, by entity name): the timeline names states
 * through the lifecycle's status lookup.
 */
import { createContext, useContext } from 'react';
import type { ClientLifecycle } from '../meta';

export const LifecycleContext = createContext<Record<string, ClientLifecycle>>({});

export function useLifecycleOf(entityName: string | undefined): ClientLifecycle | undefined {
  return useContext(LifecycleContext)[entityName ?? ''];
}
