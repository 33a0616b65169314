import { computeAppsign } from '@meridian/metadata';

/**
 * The headers every API call carries (a fresh timestamp and its appsign, language, gateway): used by
 * the test server's calls and by sign-in (sessions.ts), so neither imports the other for them.
 */
export function signedHeaders(now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    timestamp,
    appsign: computeAppsign(timestamp),
    language: 'EN',
    gateway: 'srm',
  };
}
