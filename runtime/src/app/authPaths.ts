/**
 * Where the login page sends the user: back to the screen they asked for (a /main route kept in
 * ?redirect=), else home. Only /main routes are accepted, so a crafted link cannot send a
 * freshly signed-in user anywhere else.
 */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/main';
/** The forced change of a temporary password (ChangePasswordPage): the only screen such a session may use. */
export const CHANGE_PASSWORD_PATH = '/changePassword';

/** The login answer says the password is a temporary one the user must replace first (issue 16h). */
export function mustChangePassword(userInfo: Record<string, unknown> | null | undefined): boolean {
  return userInfo?.passwordChangeRequired === true;
}

export function safeRedirect(target: string | null | undefined): string {
  if (!target) return HOME_PATH;
  return /^\/main(?:[/?#]|$)/.test(target) && !target.includes('//') ? target : HOME_PATH;
}

/** /login, remembering the wanted route when it is a screen of the shell. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const target = `${location.pathname}${location.search}`;
  const wanted = safeRedirect(target);
  return wanted === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}
