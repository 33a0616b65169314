/**
 * A password the user did not choose must be replaced before the session does anything else
 * (issue 16h). Such a password has a hash but no passwordChangedDate: a portal account's
 * temporary password (doOpenPortalAccount). Every other way of setting a password stamps the date
 * (AccessService.setPasswordHash: own change, reset by code or by an administrator, demo accounts;
 * a registration's own password), so seeded and registered users are never held here.
 *
 * Closed by default: the session reaches only actions registered with `duringPasswordChange`
 * (getUserInfo, updatePassword) and the public ones (logoff); every other call, files and exchange
 * included, answers 403 with `{passwordChangeRequired: true}` as data.
 */
import { ApiError } from '../http/apiError';

export function passwordChangeRequired(user: { passwordHash?: string | null; passwordChangedDate?: string | null }) {
  return !!user.passwordHash && !user.passwordChangedDate;
}

export function passwordChangeFirst(): ApiError {
  return new ApiError(403, { cn: '请先修改初始密码', en: 'Change your temporary password first' }, undefined, {
    passwordChangeRequired: true,
  });
}
