import { sha256Hex } from './sha256';

/**
 * appsign (docs/architecture.md "appsign"): an integrity check on the request timestamp, not authentication.
 * t = 13-digit ms timestamp; s = sum of the digits of its first 10 characters;
 * rounds = (s % 4) + 1; h = t, then h = sha256hex(h) `rounds` times.
 */
export const APPSIGN_MAX_SKEW_MS = 5 * 60 * 1000;

export function appsignRounds(timestamp: string): number {
  let sum = 0;
  for (const ch of timestamp.slice(0, 10)) sum += Number(ch);
  return (sum % 4) + 1;
}

/** A SHA-256 hex function: the portable one by default; the server passes node:crypto's (faster). */
export type Sha256Hex = (text: string) => string;

export function computeAppsign(timestamp: string, sha256: Sha256Hex = sha256Hex): string {
  let hash = timestamp;
  for (let i = appsignRounds(timestamp); i > 0; i--) hash = sha256(hash);
  return hash;
}

export type AppsignVerdict = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

export function verifyAppsign(
  timestamp: string | undefined,
  appsign: string | undefined,
  nowMs: number = Date.now(),
  sha256: Sha256Hex = sha256Hex,
): AppsignVerdict {
  if (!timestamp || !appsign) return { ok: false, reason: 'missing' };
  if (!/^\d{13}$/.test(timestamp)) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowMs - Number(timestamp)) > APPSIGN_MAX_SKEW_MS) return { ok: false, reason: 'expired' };
  return computeAppsign(timestamp, sha256) === appsign.toLowerCase() ? { ok: true } : { ok: false, reason: 'mismatch' };
}

/** Headers the runtime sends for appsign; the session headers are added by the request client. */
export function appsignHeaders(nowMs: number = Date.now()): { timestamp: string; appsign: string } {
  const timestamp = String(nowMs);
  return { timestamp, appsign: computeAppsign(timestamp) };
}
