const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "YYYY-MM-DD HH:mm:ss" in the server's time zone: the one datetime format on the wire and in the database. */
export function formatDateTime(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "yyyyMMdd" for document numbers. */
export function compactDate(date: Date = new Date()): string {
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
}

/** Today in the server's time zone as YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back), counted in UTC so no zone shift moves it. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The calendar day before `date` (YYYY-MM-DD), for ending the previous period when a new one starts. */
export const dayBefore = (date: string): string => addDays(date, -1);
