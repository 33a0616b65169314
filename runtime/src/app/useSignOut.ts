/**
 * Ends the session in this tab: logoff on the server (with the session's headers, before they go),
 * then the session keys and the caches, then /login replacing the current history entry. Back
 * then reaches only routes behind the guard, which show the login page again.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthProvider } from '../core/DataProviderContext';
import { clearSession } from '../core/session';
import { LOGIN_PATH } from './authPaths';
import { clearSessionCaches } from './sessionCaches';

/** Sign-out does not wait longer than this for the server (an unreachable server must not keep the user in). */
const LOGOFF_WAIT_MS = 3000;

export function endLocalSession(): void {
  clearSession();
  clearSessionCaches();
}

export function useSignOut(): (options?: { callServer?: boolean }) => Promise<void> {
  const provider = useAuthProvider();
  const navigate = useNavigate();
  return useCallback(
    async ({ callServer = true } = {}) => {
      if (callServer) {
        const logoff = provider.logoff().catch(() => undefined);
        await Promise.race([logoff, new Promise((resolve) => setTimeout(resolve, LOGOFF_WAIT_MS))]);
      }
      // Leave the shell first: were the session cleared first, the guard would send the user to
      // the login page remembering this screen, as it does for an expired session.
      navigate(LOGIN_PATH, { replace: true });
      endLocalSession();
    },
    [provider, navigate],
  );
}
