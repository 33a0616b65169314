import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../meta';
import { evaluateFilter } from './evaluateFilter';

const row = { status: 'DRAFT', amount: '25.00', qty: 3, name: 'Office Chair', supplierId: 7, closedDate: null };
const vars = { user: { supplierId: 7, userId: 1 }, resp: { id: 2 } };
const check = (node: FilterNode) => evaluateFilter(node, row, vars);

describe('evaluateFilter', () => {
  it('is satisfied by an absent node', () => {
    expect(evaluateFilter(undefined, row)).toBe(true);
    expect(evaluateFilter(null, row)).toBe(true);
  });

  it('eq and ne', () => {
    expect(check({ field: 'status', op: 'eq', value: 'DRAFT' })).toBe(true);
    expect(check({ field: 'status', op: 'eq', value: 'APPROVED' })).toBe(false);
    expect(check({ field: 'amount', op: 'eq', value: 25 })).toBe(true);
    expect(check({ field: 'status', op: 'ne', value: 'APPROVED' })).toBe(true);
    expect(check({ field: 'status', op: 'ne', value: 'DRAFT' })).toBe(false);
  });

  it('in and nin', () => {
    expect(check({ field: 'status', op: 'in', value: ['DRAFT', 'REJECTED'] })).toBe(true);
    expect(check({ field: 'status', op: 'in', value: ['APPROVED'] })).toBe(false);
    expect(check({ field: 'status', op: 'nin', value: ['APPROVED'] })).toBe(true);
    expect(check({ field: 'status', op: 'nin', value: ['DRAFT'] })).toBe(false);
  });

  it('like is contains, case-insensitive, with % literal (as the server compiles it)', () => {
    expect(check({ field: 'name', op: 'like', value: 'chair' })).toBe(true);
    expect(check({ field: 'name', op: 'like', value: 'OFFICE' })).toBe(true);
    expect(check({ field: 'name', op: 'like', value: 'Office%' })).toBe(false);
    expect(check({ field: 'name', op: 'like', value: '%desk%' })).toBe(false);
  });

  it('gt, gte, lt, lte compare numbers and decimal strings numerically', () => {
    expect(check({ field: 'amount', op: 'gt', value: 9 })).toBe(true);
    expect(check({ field: 'amount', op: 'gte', value: '25' })).toBe(true);
    expect(check({ field: 'qty', op: 'lt', value: 10 })).toBe(true);
    expect(check({ field: 'qty', op: 'lte', value: 2 })).toBe(false);
  });

  it('between is inclusive', () => {
    expect(check({ field: 'qty', op: 'between', value: [3, 5] })).toBe(true);
    expect(check({ field: 'qty', op: 'between', value: [4, 5] })).toBe(false);
  });

  it('null and notNull', () => {
    expect(check({ field: 'closedDate', op: 'null' })).toBe(true);
    expect(check({ field: 'missing', op: 'null' })).toBe(true);
    expect(check({ field: 'status', op: 'notNull' })).toBe(true);
    expect(check({ field: 'closedDate', op: 'notNull' })).toBe(false);
  });

  it('never takes a missing value for a match in comparisons', () => {
    expect(check({ field: 'missing', op: 'eq', value: 'DRAFT' })).toBe(false);
    expect(check({ field: 'missing', op: 'gt', value: 0 })).toBe(false);
    expect(check({ field: 'missing', op: 'in', value: ['DRAFT'] })).toBe(false);
  });

  it('and, or, not', () => {
    const draft = { field: 'status', op: 'eq', value: 'DRAFT' } as const;
    const approved = { field: 'status', op: 'eq', value: 'APPROVED' } as const;
    expect(check({ and: [draft, { field: 'qty', op: 'gt', value: 1 }] })).toBe(true);
    expect(check({ and: [draft, approved] })).toBe(false);
    expect(check({ or: [approved, draft] })).toBe(true);
    expect(check({ not: approved })).toBe(true);
    expect(check({ not: { or: [approved, draft] } })).toBe(false);
  });

  it('resolves $user and $resp variables', () => {
    expect(check({ field: 'supplierId', op: 'eq', value: '$user.supplierId' })).toBe(true);
    expect(
      evaluateFilter({ field: 'supplierId', op: 'eq', value: '$user.supplierId' }, row, { user: { supplierId: 8 } }),
    ).toBe(false);
    expect(evaluateFilter({ field: 'respId', op: 'eq', value: '$resp.id' }, { respId: 2 }, vars)).toBe(true);
  });
});
