/**
 * The route guard of /main: without a session nothing of the shell renders; the user goes to
 * the login page, which brings them back to the wanted screen afterwards. It also reacts to the
 * session ending while a screen is open (sign-out, or a 401 that made the request client clear it).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionEndReason } from '../core/session';
import { useSession } from '../core/useSession';
import { LOGIN_PATH, loginPathFor } from './authPaths';

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // After a sign-out the next user starts at home, not on the previous user's screen.
  if (!session) return <Navigate to={sessionEndReason() === 'signOut' ? LOGIN_PATH : loginPathFor(location)} replace />;
  return <>{children}</>;
}
