/** The registry pages render from; tests may supply their own. */
import { createContext, useContext } from 'react';
import { widgetRegistry } from './builtins';
import type { WidgetRegistry } from './WidgetRegistry';

export const WidgetRegistryContext = createContext<WidgetRegistry>(widgetRegistry);

export function useWidgetRegistry(): WidgetRegistry {
  return useContext(WidgetRegistryContext);
}
