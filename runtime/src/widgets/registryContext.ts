/**
 * The registry context without the built-ins attached, so that the app shell can offer a
 * registry without pulling Formily into the first chunk (pages load on demand).
 */
import { createContext } from 'react';
import type { WidgetRegistry } from './WidgetRegistry';

export const WidgetRegistryContext = createContext<WidgetRegistry | null>(null);
