/**
 * The signed-in session (docs/architecture.md "Spec: records and grid config", session fields): certificate,
 * authorizationCode, the
 * user's info, the responsibilities they hold and the current one. sessionStorage keeps them per
 * browser tab. Login writes them (saveSession), the responsibility switcher changes the current
 * one, sign-out and an expired session (HTTP 401) clear them. Subscribers (the route guard, the
 * shell, the caches) hear every change.
 */
import { isSupplierUserType } from '@meridian/metadata';
import { getLanguage } from './language';

export const SESSION_KEYS = {
  certificate: 'meridian.certificate',
  authorizationCode: 'meridian.authorizationCode',
  responsibilityId: 'meridian.responsibilityId',
  userInfo: 'meridian.userInfo',
  responsibilities: 'meridian.responsibilities',
} as const;

export interface UserInfo {
  userId: number | string;
  userName: string;
  userType: string;
  personName?: string | null;
  personNameEn?: string | null;
  supplierId?: number | string | null;
  supplierName?: string | null;
  supplierNameEn?: string | null;
  orgId?: number | string | null;
  orgNumber?: string | null;
  email?: string | null;
  [field: string]: unknown;
}

export interface Responsibility {
  responsibilityId: number | string;
  responsibilityCode?: string;
  responsibilityName: string;
  userType?: string;
}

/** What the login answer (and getUserInfo, without the tokens) carries. */
export interface LoginData {
  certificate: string;
  authorizationCode: string;
  userInfo: UserInfo;
  responsibilities: Responsibility[];
}

export interface Session {
  certificate: string;
  authorizationCode: string;
  userInfo: UserInfo | null;
  responsibilities: Responsibility[];
  /** The current responsibility (string, as headers and queries carry it). */
  responsibilityId: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function readSession(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeSession(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    /* storage disabled: the session lasts as long as nothing reloads the page */
  }
}

function parseJson<T>(text: string, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export function getCertificate(): string {
  return readSession(SESSION_KEYS.certificate);
}

export function getAuthorizationCode(): string {
  return readSession(SESSION_KEYS.authorizationCode);
}

/** Current responsibility; empty without a session. */
export function getResponsibilityId(): string {
  return readSession(SESSION_KEYS.responsibilityId);
}

export function getUserInfo(): UserInfo | null {
  const info = parseJson<UserInfo | null>(readSession(SESSION_KEYS.userInfo), null);
  return info && typeof info === 'object' ? info : null;
}

export function getResponsibilities(): Responsibility[] {
  const list = parseJson<unknown>(readSession(SESSION_KEYS.responsibilities), []);
  return Array.isArray(list) ? (list as Responsibility[]) : [];
}

/** A session exists when both tokens are present (the server decides whether it is still valid). */
export function hasSession(): boolean {
  return !!getCertificate() && !!getAuthorizationCode();
}

/** Supplier users' type starts with EX (docs/architecture.md "Spec: users and language"); everyone else is internal. */
export function isSupplierUser(userInfo: Pick<UserInfo, 'userType'> | null | undefined): boolean {
  return isSupplierUserType(userInfo?.userType);
}

/** The name shown for the user: the person's name (the English one in English, where there is one), else the user name. */
export function displayName(userInfo: UserInfo | null | undefined, language: 'CN' | 'EN' = getLanguage()): string {
  const english = language === 'EN' ? userInfo?.personNameEn : undefined;
  return String(english || userInfo?.personName || userInfo?.userName || '');
}

/** The user's supplier as named in the interface's language (the Chinese name when no English one is kept). */
export function supplierDisplayName(
  userInfo: UserInfo | null | undefined,
  language: 'CN' | 'EN' = getLanguage(),
): string {
  return String((language === 'EN' && userInfo?.supplierNameEn) || userInfo?.supplierName || '');
}

// ---- change notification ------------------------------------------------------------------

type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

let cachedKey: string | undefined;
let cachedSession: Session | null = null;

/**
 * The session as one immutable value, or null without one. The same object is returned while the
 * stored values do not change (useSyncExternalStore needs that), even if something other than
 * these helpers wrote the storage.
 */
export function readSessionSnapshot(): Session | null {
  const raw = Object.values(SESSION_KEYS).map(readSession);
  const key = raw.join('\u0000');
  if (key === cachedKey) return cachedSession;
  cachedKey = key;
  cachedSession = hasSession()
    ? {
        certificate: getCertificate(),
        authorizationCode: getAuthorizationCode(),
        userInfo: getUserInfo(),
        responsibilities: getResponsibilities(),
        responsibilityId: getResponsibilityId(),
      }
    : null;
  return cachedSession;
}

// ---- writes ---------------------------------------------------------------------------------

export type SessionEnd = 'signOut' | 'expired';
let endReason: SessionEnd | null = null;

/** How the last session of this page ended (null: none ended since the page loaded or since login). */
export function sessionEndReason(): SessionEnd | null {
  return endReason;
}

let loginShownSinceEnd = false;

/** The login page calls this when it shows: the screen the session ended on has been left. */
export function noteLoginPageShown(): void {
  if (endReason) loginShownSinceEnd = true;
}

/** The login page has been shown since the session ended (see noteLoginPageShown). */
export function loginPageShownSinceEnd(): boolean {
  return loginShownSinceEnd;
}

/** Stores a fresh login; the first responsibility becomes the current one. */
export function saveSession(data: LoginData): void {
  endReason = null;
  loginShownSinceEnd = false;
  writeSession(SESSION_KEYS.certificate, data.certificate);
  writeSession(SESSION_KEYS.authorizationCode, data.authorizationCode);
  writeSession(SESSION_KEYS.userInfo, JSON.stringify(data.userInfo ?? null));
  const responsibilities = Array.isArray(data.responsibilities) ? data.responsibilities : [];
  writeSession(SESSION_KEYS.responsibilities, JSON.stringify(responsibilities));
  const first = responsibilities[0];
  writeSession(SESSION_KEYS.responsibilityId, first ? String(first.responsibilityId) : '');
  emit();
}

/**
 * Refreshes user info and responsibilities (getUserInfo, e.g. names in another language). The
 * current responsibility is kept while the user still holds it, else the first one is taken.
 */
export function updateSessionInfo(userInfo: UserInfo, responsibilities: Responsibility[]): void {
  if (!hasSession()) return;
  const list = Array.isArray(responsibilities) ? responsibilities : [];
  writeSession(SESSION_KEYS.userInfo, JSON.stringify(userInfo ?? null));
  writeSession(SESSION_KEYS.responsibilities, JSON.stringify(list));
  const current = getResponsibilityId();
  if (!list.some((r) => String(r.responsibilityId) === current)) {
    writeSession(SESSION_KEYS.responsibilityId, list[0] ? String(list[0].responsibilityId) : '');
  }
  emit();
}

/** Makes a held responsibility the current one; false (and nothing changed) for any other. */
export function setResponsibilityId(responsibilityId: string | number): boolean {
  const id = String(responsibilityId);
  if (!getResponsibilities().some((r) => String(r.responsibilityId) === id)) return false;
  if (getResponsibilityId() !== id) {
    writeSession(SESSION_KEYS.responsibilityId, id);
    emit();
  }
  return true;
}

/**
 * Forgets the session: every session key goes (the language choice stays, it is not the user's).
 * The reason tells the route guard whether to remember the open screen for the next login: yes
 * when the session expired, no when the user signed out.
 */
export function clearSession(reason: SessionEnd = 'signOut'): void {
  endReason = reason;
  loginShownSinceEnd = false;
  const store = storage();
  for (const key of Object.values(SESSION_KEYS)) {
    try {
      store?.removeItem(key);
    } catch {
      /* nothing stored */
    }
  }
  emit();
}

/** Login-area calls answer 401 for a wrong password, not for an expired session. */
const PUBLIC_AUTH_PATH = /\/baseLoginRestful\//;

/**
 * What the request client does with an answer (spec: any 401 ends the session). It clears the
 * session only when the call carried the session that is still current: a wrong password at
 * login, or a late answer to a call of an earlier session, leave the present one alone.
 * Returns true when the session was cleared (the route guard then shows the login page).
 */
export function expireSessionOn401(path: string, httpStatus: number, sentCertificate: string): boolean {
  if (httpStatus !== 401 || PUBLIC_AUTH_PATH.test(path)) return false;
  if (!sentCertificate || sentCertificate !== getCertificate()) return false;
  clearSession('expired');
  return true;
}
