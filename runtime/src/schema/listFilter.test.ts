import { describe, expect, it } from 'vitest';
import type { GridConfig } from '../meta';
import { listFilter } from './listFilter';

const grid = (filter?: GridConfig['filter']): GridConfig => ({ columns: [], filter });
const open = { field: 'lineStatus', op: 'in' as const, value: ['OPEN', 'PARTIAL_ORDERED'] };
const approved = { parent: { field: 'status', op: 'eq' as const, value: 'APPROVED' } };

describe('the filter of a list call', () => {
  it("ANDs the grid's condition with the search's, and keeps either alone", () => {
    const search = { field: 'itemCode', op: 'like' as const, value: '1001' };
    expect(listFilter(grid({ and: [open, approved] }), search)).toEqual({ and: [{ and: [open, approved] }, search] });
    expect(listFilter(grid(open), undefined)).toEqual(open);
    expect(listFilter(grid(), search)).toEqual(search);
    expect(listFilter(undefined, undefined)).toBeUndefined();
  });
});
