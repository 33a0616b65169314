import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, latestSlot, manualSlotKey, slotKey } from './timerSchedule';

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

describe('daily timer slots (server local time)', () => {
  it('is today at hh:mm once that has come, yesterday before', () => {
    expect(slotKey(latestSlot('00:15', local(2026, 12, 2, 0, 15)))).toBe('2026-12-02 00:15');
    expect(slotKey(latestSlot('00:15', local(2026, 12, 2, 15, 40)))).toBe('2026-12-02 00:15');
    expect(slotKey(latestSlot('06:10', local(2026, 12, 2, 6, 9, 59)))).toBe('2026-12-01 06:10');
    // across a month and a year
    expect(slotKey(latestSlot('23:59', local(2027, 1, 1, 0, 1)))).toBe('2026-12-31 23:59');
  });

  it('manual slots never repeat and never look like a scheduled one', () => {
    const now = local(2026, 12, 2, 10, 0, 0);
    const keys = new Set(Array.from({ length: 50 }, () => manualSlotKey(now)));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^manual 2026-12-02 10:00:00\.000-[a-z0-9]{1,4}$/);
    for (const k of keys) expect(k.length).toBeLessThanOrEqual(40);
  });

  it('dates and datetimes with a day offset', () => {
    expect(dateText(local(2026, 12, 31, 23, 0), 1)).toBe('2027-01-01');
    expect(dateText(local(2026, 3, 1), -1)).toBe('2026-02-28');
    expect(dateTimeText(local(2026, 12, 2, 8, 30, 5), -7)).toBe('2026-11-25 08:30:05');
  });
});
