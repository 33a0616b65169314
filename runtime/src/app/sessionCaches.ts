/**
 * What the browser remembers for one signed-in user goes when the user changes: page metadata
 * (findPage answers depend on the user's menus) and button resources (menuId_respId). The lookup
 * cache is rebuilt per session by LookupCacheProvider; the menus live in the shell, which
 * unmounts without a session.
 */
import { getCertificate, subscribeSession } from '../core/session';
import { clearResourceCache } from '../core/useResources';
import { clearPageBundles } from '../pages/usePageBundle';
import { clearStoredTabs } from './tabsModel';

export function clearSessionCaches(): void {
  clearPageBundles();
  clearResourceCache();
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
