import { describe, expect, it } from 'vitest';
import { canTickSite, mergeSites, qualificationsOf } from './planSites';

describe('inspection plan site lines', () => {
  it('collects each qualification review of the supplier lines once, ignoring empty ones', () => {
    expect(
      qualificationsOf([
        { qualifyHeaderId: 3 },
        { qualifyHeaderId: '3' },
        { qualifyHeaderId: null },
        { qualifyHeaderId: 7 },
        null,
      ]),
    ).toEqual([3, 7]);
    expect(qualificationsOf(undefined)).toEqual([]);
  });

  it('appends only sites not yet on the plan, keeping the ticks already made', () => {
    const current = [{ qualifySiteId: 1, inspectFlag: 'Y' }];
    const { lines, added } = mergeSites(current, [
      { qualifySiteId: 1, inspectFlag: 'N' },
      { qualifySiteId: 2, inspectFlag: 'N' },
    ]);
    expect(added).toBe(1);
    expect(lines).toEqual([
      { qualifySiteId: 1, inspectFlag: 'Y' },
      { qualifySiteId: 2, inspectFlag: 'N' },
    ]);
  });

  it('lets only internal users tick, only on editable sites, only while the form is editable', () => {
    expect(canTickSite({ editFlag: 'Y' }, 'INSIDE', true)).toBe(true);
    expect(canTickSite({ editFlag: 'N' }, 'INSIDE', true)).toBe(false);
    expect(canTickSite({ editFlag: 'Y' }, 'EX', true)).toBe(false);
    expect(canTickSite({ editFlag: 'Y' }, 'INSIDE', false)).toBe(false);
  });
});
