/** The session as React state: components re-render when it changes (login, switch, sign-out, 401). */
import { useSyncExternalStore } from 'react';
import { readSessionSnapshot, subscribeSession, type Session } from './session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSessionSnapshot, readSessionSnapshot);
}
