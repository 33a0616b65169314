/**
 * The supplier registration's additions to the shell, which never imports them: the relocation
 * rule and the two pages outside /main, which load on demand (most visitors of the login page
 * never open them).
 */
import { lazyChunk } from '../../../app/chunkLoader';
import { registerRoute } from '../../../app/extensions';
import { registerRelocationRule } from '../../../app/relocation';
import { unfinishedRegistrationRule } from './registrationRelocation';

export function registerRegistration(): void {
  // A REGISTERING supplier signs in to /registerInfoEdit, before any deep link.
  registerRelocationRule(unfinishedRegistrationRule);
  registerRoute({
    path: '/register',
    component: lazyChunk(() => import('./RegisterPage').then((module) => module.RegisterPage)),
  });
  registerRoute({
    path: '/registerInfoEdit',
    requiresSession: true,
    component: lazyChunk(() => import('./RegisterInfoEditPage').then((module) => module.RegisterInfoEditPage)),
  });
}
