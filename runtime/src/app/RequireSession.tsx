/**
 * The route guard of /main: without a session nothing of the shell renders; the user goes to
 * the login page, which brings them back to the wanted screen afterwards. It also reacts to the
 * session ending while a screen is open (sign-out, or a 401 that made the request client clear it).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginPageShownSinceEnd, sessionEndReason } from '../core/session';
import { useSession } from '../core/useSession';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, loginPathFor, mustChangePassword } from './authPaths';

/**
 * After a sign-out the next user starts at home, not on the previous user's screen: neither the
 * screen being left nor one reached with Back. A link typed or pasted into the address bar once
 * the login page shows is another matter — the router did not create that history entry, so its
 * location carries the key 'default' — and is opened after sign-in like any deep link.
 */
function forgetsScreen(location: { key: string }): boolean {
  if (sessionEndReason() !== 'signOut') return false;
  return !(loginPageShownSinceEnd() && location.key === 'default');
}

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={forgetsScreen(location) ? LOGIN_PATH : loginPathFor(location)} replace />;
  // A temporary password is changed before any screen opens (the server refuses their calls meanwhile).
  if (mustChangePassword(session.userInfo)) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <>{children}</>;
}
