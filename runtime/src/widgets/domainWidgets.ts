/**
 * Widgets the application's domains register by name (custom page widgets, line widgets), kept
 * apart from builtins.ts so that a domain's entry can register them before the first render
 * without pulling Formily into the initial load; builtins.ts adds them to the registry when the
 * pages load. Register lazyChunk components (app/chunkLoader.tsx). docs/developer-guide.md "Domain modules".
 */
import type { AnyWidget } from './WidgetRegistry';

const widgets = new Map<string, AnyWidget>();

/** Registering a name again replaces it (the entry may run more than once in tests); builtins.ts refuses clashes with built-in names. */
export function registerDomainWidget(name: string, component: AnyWidget): void {
  widgets.set(name, component);
}

export function domainWidgets(): [string, AnyWidget][] {
  return [...widgets];
}
