/**
 * /changePassword: a session signed in with a temporary password (a portal account just opened)
 * must choose its own before anything else (issue 16h). RequireSession and the relocation rules
 * send such a session here; the server refuses its other calls meanwhile. Changing the password
 * ends every session of the user (sign in again); Cancel signs out.
 */
import { Navigate } from 'react-router-dom';
import { useSession } from '../core/useSession';
import { HOME_PATH, LOGIN_PATH, mustChangePassword } from './authPaths';
import { ChangePasswordModal } from './ChangePasswordModal';
import { useSignOut } from './useSignOut';

export function ChangePasswordPage() {
  const session = useSession();
  const signOut = useSignOut();
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  if (!mustChangePassword(session.userInfo)) return <Navigate to={HOME_PATH} replace />;
  return (
    <ChangePasswordModal
      open
      forced
      userName={String(session.userInfo?.userName ?? '')}
      onClose={() => void signOut()}
    />
  );
}
