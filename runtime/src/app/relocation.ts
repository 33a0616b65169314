/**
 * Where /relocation sends a freshly signed-in user (spec 1 section 2). The rules are tried in
 * order; the first that names a target wins, else home. Add a rule by inserting it into
 * RELOCATION_RULES (e.g. a supplier whose registration is incomplete → /registerInfoEdit before
 * the deep link): each is a pure function of the user and the wanted return path.
 */
import type { UserInfo } from '../core/session';
import { HOME_PATH, safeRedirect } from './authPaths';
import { unfinishedRegistrationRule } from '../registration/registrationRelocation';

export interface RelocationInput {
  userInfo: UserInfo | null;
  /** The screen asked for before signing in (the login page's ?redirect=), if any. */
  returnTo: string | null | undefined;
}

/** A target path, or null to let the next rule decide. */
export type RelocationRule = (input: RelocationInput) => string | null;

/** The deep link asked for before logging in: only /main routes (safeRedirect), never another site. */
export const deepLinkRule: RelocationRule = ({ returnTo }) => {
  const target = safeRedirect(returnTo);
  return target === HOME_PATH ? null : target;
};

// An unfinished supplier registration comes first: such a supplier has nothing to do elsewhere yet.
export const RELOCATION_RULES: RelocationRule[] = [unfinishedRegistrationRule, deepLinkRule];

export function relocationTarget(
  userInfo: UserInfo | null,
  returnTo: string | null | undefined,
  rules: RelocationRule[] = RELOCATION_RULES,
): string {
  for (const rule of rules) {
    const target = rule({ userInfo, returnTo });
    if (target) return target;
  }
  return HOME_PATH;
}
