/** The registry pages render from: the one provided (tests, embedding apps) or the app's own. */
import { useContext } from 'react';
import { widgetRegistry } from './builtins';
import { WidgetRegistryContext } from './registryContext';
import type { WidgetRegistry } from './WidgetRegistry';

export { WidgetRegistryContext };

export function useWidgetRegistry(): WidgetRegistry {
  return useContext(WidgetRegistryContext) ?? widgetRegistry;
}
