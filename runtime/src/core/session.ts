/**
 * Session values the request client sends. Login (the identity issue) writes them; until
 * then they are empty and the server accepts anonymous calls.
 * sessionStorage keeps them per browser tab, as the spec's session fields are per session.
 */
export const SESSION_KEYS = {
  certificate: 'meridian.certificate',
  authorizationCode: 'meridian.authorizationCode',
  responsibilityId: 'meridian.responsibilityId',
  userInfo: 'meridian.userInfo',
} as const;

function readSession(key: string): string {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function getCertificate(): string {
  return readSession(SESSION_KEYS.certificate);
}

export function getAuthorizationCode(): string {
  return readSession(SESSION_KEYS.authorizationCode);
}

/** Current responsibility; empty until login exists (the server then returns all menus). */
export function getResponsibilityId(): string {
  return readSession(SESSION_KEYS.responsibilityId);
}
