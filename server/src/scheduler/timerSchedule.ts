/**
 * When a daily timer is due, in server local time (the database's datetimes are local too,
 * util/time.ts). A timer's run is identified by its slot, the scheduled minute as
 * "YYYY-MM-DD hh:mm": the claim table's unique key (timer, slot) lets exactly one instance run it.
 */
import { formatDateTime } from '../util/time';

/** Hours and minutes of "hh:mm" (the schemas' pattern guarantees the shape). */
export function timeOfDay(at: string): { hour: number; minute: number } {
  const [hour, minute] = at.split(':').map(Number);
  return { hour, minute };
}

/**
 * The latest scheduled moment at or before `now`: today's hh:mm once it has come, else
 * yesterday's. A server that was down at hh:mm finds that slot unclaimed when it starts and runs
 * it then (catch-up); older missed days are not run one by one — each run takes what is due by then.
 */
export function latestSlot(at: string, now: Date): Date {
  const { hour, minute } = timeOfDay(at);
  const slot = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, minute, 0, 0);
  if (slot > now) slot.setDate(slot.getDate() - 1);
  return slot;
}

/** The slot's key: "YYYY-MM-DD hh:mm" local. */
export function slotKey(slot: Date): string {
  return formatDateTime(slot).slice(0, 16);
}

/** The key of a run an administrator started: unique per start (milliseconds and a random tail). */
export function manualSlotKey(now: Date): string {
  return `manual ${formatDateTime(now)}.${String(now.getMilliseconds()).padStart(3, '0')}-${Math.random().toString(36).slice(2, 6)}`;
}

/** "YYYY-MM-DD" local of `date` plus `days`. */
export function dateText(date: Date, days = 0): string {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  return formatDateTime(d).slice(0, 10);
}

/** "YYYY-MM-DD hh:mm:ss" local of `date` plus `days` (same time of day). */
export function dateTimeText(date: Date, days = 0): string {
  const d = new Date(date);
  d.setDate(d.getDate() + days);
  return formatDateTime(d);
}
