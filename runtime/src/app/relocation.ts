/**
 * Where /relocation sends a freshly signed-in user (docs/architecture.md "Spec: routes and home"). The rules
 * are tried in
 * order; the first that names a target wins, else home. A domain adds its rule with
 * registerRelocationRule from its entry (e.g. the supplier registration, srm/supplier/registration/index.ts: a
 * supplier whose registration is incomplete → /registerInfoEdit before the deep link); the shell
 * never imports the domains. Each rule is a pure function of the user and the wanted return path.
 */
import type { UserInfo } from '../core/session';
import { CHANGE_PASSWORD_PATH, HOME_PATH, mustChangePassword, safeRedirect } from './authPaths';

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

/** A temporary password is replaced before anything else: the server refuses every other call meanwhile. */
export const passwordChangeRule: RelocationRule = ({ userInfo }) =>
  mustChangePassword(userInfo) ? CHANGE_PASSWORD_PATH : null;

const domainRules: RelocationRule[] = [];

/**
 * Adds a domain's rule. Domain rules are tried in the order registered and before the deep link:
 * a user a domain needs elsewhere first (an unfinished supplier registration) has nothing to do on
 * the screen asked for yet. Registering a rule again changes nothing.
 */
export function registerRelocationRule(rule: RelocationRule): void {
  if (!domainRules.includes(rule)) domainRules.push(rule);
}

/** The rules in force: the password change, the registered domain rules, then the deep link. */
export function relocationRules(): RelocationRule[] {
  return [passwordChangeRule, ...domainRules, deepLinkRule];
}

export function relocationTarget(
  userInfo: UserInfo | null,
  returnTo: string | null | undefined,
  rules: RelocationRule[] = relocationRules(),
): string {
  for (const rule of rules) {
    const target = rule({ userInfo, returnTo });
    if (target) return target;
  }
  return HOME_PATH;
}
