/**
 * What the application's domains add to the shell, which never imports them
 * (docs/developer-guide.md "Domain modules"): routes outside /main (the supplier registration
 * pages) and items of the shell header (the cart count). Each domain's entry registers its own
 * from runtime/src/srm/<domain>/index.ts, called by main.tsx before the first render. Register
 * lazyChunk components so that nothing of a domain enters the initial load.
 */
import type { ComponentType } from 'react';

export interface ExtensionRoute {
  /** A hash route outside the /main shell, e.g. "/register". */
  path: string;
  component: ComponentType;
  /** Behind the session guard (signed-in users only). */
  requiresSession?: boolean;
}

export interface HeaderItem {
  key: string;
  component: ComponentType;
}

const routes: ExtensionRoute[] = [];
const headerItems: HeaderItem[] = [];

/** Registering the same path (or header key) again replaces it: the entry may run more than once in tests. */
export function registerRoute(route: ExtensionRoute): void {
  const at = routes.findIndex((r) => r.path === route.path);
  if (at >= 0) routes[at] = route;
  else routes.push(route);
}

export function extensionRoutes(): readonly ExtensionRoute[] {
  return routes;
}

export function registerHeaderItem(item: HeaderItem): void {
  const at = headerItems.findIndex((h) => h.key === item.key);
  if (at >= 0) headerItems[at] = item;
  else headerItems.push(item);
}

export function extensionHeaderItems(): readonly HeaderItem[] {
  return headerItems;
}
