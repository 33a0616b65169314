/**
 * The supplier registration's entry: what it adds to the platform shell, which never imports it.
 * The app's entry (main.tsx) calls registerRegistration before the first render; the registration
 * pages themselves load on demand from the routes.
 */
import { registerRelocationRule } from '../app/relocation';
import { unfinishedRegistrationRule } from './registrationRelocation';

export function registerRegistration(): void {
  // A REGISTERING supplier signs in to /registerInfoEdit, before any deep link.
  registerRelocationRule(unfinishedRegistrationRule);
}
