import { formatDateTime } from '../util/time';

/** Datetimes are stored as "YYYY-MM-DD HH:mm:ss" in the server's zone; these compare them. */
export function parseDateTime(value: unknown): number {
  if (typeof value !== 'string' || !value) return NaN;
  return new Date(value.replace(' ', 'T')).getTime();
}

export function stampIn(ms: number, from = Date.now()): string {
  return formatDateTime(new Date(from + ms));
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
