/**
 * What the browser remembers for one signed-in user goes when the user changes: the stored tabs.
 * Query answers (page metadata, button resources, lookups, menus, lists, records) live in the
 * app's QueryClient, which QueryProvider (core/queries.tsx) empties on the same change.
 */
import { getCertificate, subscribeSession } from '../core/session';
import { clearStoredTabs } from './tabsModel';

export function clearSessionCaches(): void {
  // Sign-out or another user: the open tabs are not the next session's.
  clearStoredTabs();
}

let watching = false;
let lastCertificate = '';

/** Clears the caches whenever the session's certificate changes (login, sign-out, 401). Idempotent. */
export function watchSessionCaches(): void {
  if (watching) return;
  watching = true;
  lastCertificate = getCertificate();
  subscribeSession(() => {
    const certificate = getCertificate();
    if (certificate === lastCertificate) return;
    lastCertificate = certificate;
    clearSessionCaches();
  });
}
