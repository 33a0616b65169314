import { describe, expect, it } from 'vitest';
import type { FilterCondition, FilterNode, FilterOperator } from './generated/meta-model';
import { evaluateFilter, FILTER_OPERATORS, filterConditions, filterFields, resolveFilterValue } from './filter';

const c = (field: string, op: FilterOperator, value?: unknown): FilterCondition =>
  (value === undefined ? { field, op } : { field, op, value }) as FilterCondition;
const holds = (cond: FilterNode, row: Record<string, unknown>, vars = {}) => evaluateFilter(cond, row, vars);

describe('evaluateFilter: operators', () => {
  it('knows exactly the twelve operators of the design', () => {
    expect([...FILTER_OPERATORS].sort()).toEqual([
      'between',
      'eq',
      'gt',
      'gte',
      'in',
      'like',
      'lt',
      'lte',
      'ne',
      'nin',
      'notNull',
      'null',
    ]);
  });

  it('eq compares numbers numerically and strings exactly', () => {
    expect(holds(c('status', 'eq', 'DRAFT'), { status: 'DRAFT' })).toBe(true);
    expect(holds(c('status', 'eq', 'DRAFT'), { status: 'SUBMITTED' })).toBe(false);
    expect(holds(c('amount', 'eq', 25), { amount: '25.00' })).toBe(true);
    expect(holds(c('amount', 'eq', '25'), { amount: 25.5 })).toBe(false);
    expect(holds(c('status', 'eq', 'DRAFT'), {})).toBe(false);
    expect(holds(c('status', 'eq', 'DRAFT'), { status: null })).toBe(false);
  });

  it('ne is the negation of eq, so a blank value is "not equal"', () => {
    expect(holds(c('status', 'ne', 'DRAFT'), { status: 'APPROVED' })).toBe(true);
    expect(holds(c('status', 'ne', 'DRAFT'), { status: 'DRAFT' })).toBe(false);
    expect(holds(c('qty', 'ne', 3), { qty: '3.0' })).toBe(false);
    expect(holds(c('status', 'ne', 'DRAFT'), { status: null })).toBe(true);
    expect(holds(c('status', 'ne', 'DRAFT'), { status: '' })).toBe(true);
  });

  it('in / nin test membership; blank never belongs to a list', () => {
    expect(holds(c('status', 'in', ['DRAFT', 'REJECTED']), { status: 'REJECTED' })).toBe(true);
    expect(holds(c('status', 'in', ['DRAFT', 'REJECTED']), { status: 'APPROVED' })).toBe(false);
    expect(holds(c('lineNum', 'in', [1, 2]), { lineNum: '2' })).toBe(true);
    expect(holds(c('status', 'in', ['DRAFT']), { status: undefined })).toBe(false);
    expect(holds(c('status', 'in', 'DRAFT'), { status: 'DRAFT' })).toBe(true); // scalar is a one-item list
    expect(holds(c('status', 'nin', ['DRAFT', 'REJECTED']), { status: 'APPROVED' })).toBe(true);
    expect(holds(c('status', 'nin', ['DRAFT', 'REJECTED']), { status: 'DRAFT' })).toBe(false);
    expect(holds(c('status', 'nin', ['DRAFT']), { status: '' })).toBe(true);
  });

  it('like: contains, case-insensitive, % and _ and regex characters literal (as the server compiles it)', () => {
    expect(holds(c('name', 'like', 'bolt'), { name: 'Hex BOLT M8' })).toBe(true);
    expect(holds(c('name', 'like', 'Hex%'), { name: 'Hex bolt' })).toBe(false);
    expect(holds(c('name', 'like', '50%'), { name: 'rebate 50% off' })).toBe(true);
    expect(holds(c('code', 'like', 'PR_1'), { code: 'PRX1' })).toBe(false);
    expect(holds(c('code', 'like', 'PR_1'), { code: 'OLD-PR_1' })).toBe(true);
    expect(holds(c('code', 'like', 'a.b'), { code: 'axb' })).toBe(false);
    expect(holds(c('code', 'like', 'a.b'), { code: 'xa.by' })).toBe(true);
    expect(holds(c('code', 'like', '(1+1)'), { code: 'x(1+1)' })).toBe(true);
    expect(holds(c('code', 'like', '%'), { code: null })).toBe(false);
  });

  it('like with a blank or unresolved pattern matches nothing (not the text "null"/"undefined")', () => {
    expect(holds(c('code', 'like', null), { code: 'nullable' })).toBe(false);
    expect(holds(c('code', 'like', '$user.missing'), { code: 'undefined' })).toBe(false);
  });

  it('gt / gte / lt / lte order numbers numerically and other values as text', () => {
    expect(holds(c('qty', 'gt', 9), { qty: '10' })).toBe(true);
    expect(holds(c('qty', 'gt', 10), { qty: 10 })).toBe(false);
    expect(holds(c('qty', 'gte', 10), { qty: '10.000' })).toBe(true);
    expect(holds(c('qty', 'lt', '10'), { qty: 9.99 })).toBe(true);
    expect(holds(c('qty', 'lte', 10), { qty: 10.01 })).toBe(false);
    expect(holds(c('needByDate', 'lt', '2025-01-10'), { needByDate: '2025-01-09' })).toBe(true);
    expect(holds(c('needByDate', 'gte', '2025-01-10'), { needByDate: '2025-01-09' })).toBe(false);
    for (const op of ['gt', 'gte', 'lt', 'lte'] as const) expect(holds(c('qty', op, 0), { qty: null })).toBe(false);
  });

  it('between is inclusive at both ends and false for blank', () => {
    const cond = c('amount', 'between', [10, 20]);
    expect(holds(cond, { amount: '10' })).toBe(true);
    expect(holds(cond, { amount: 20 })).toBe(true);
    expect(holds(cond, { amount: 15.5 })).toBe(true);
    expect(holds(cond, { amount: 9.99 })).toBe(false);
    expect(holds(cond, { amount: '20.01' })).toBe(false);
    expect(holds(cond, { amount: '' })).toBe(false);
    expect(holds(c('d', 'between', ['2025-01-01', '2025-12-31']), { d: '2025-06-30' })).toBe(true);
  });

  it('null / notNull treat null, undefined and the empty string as blank, but not 0 or "N"', () => {
    for (const blank of [null, undefined, '']) {
      expect(holds(c('x', 'null'), { x: blank })).toBe(true);
      expect(holds(c('x', 'notNull'), { x: blank })).toBe(false);
    }
    expect(holds(c('x', 'null'), {})).toBe(true);
    for (const value of [0, 'N', false, ' ']) {
      expect(holds(c('x', 'null'), { x: value })).toBe(false);
      expect(holds(c('x', 'notNull'), { x: value })).toBe(true);
    }
  });

  it('a comparison against a blank value is never satisfied (0 is not null)', () => {
    expect(holds(c('qty', 'eq', null), { qty: 0 })).toBe(false);
    expect(holds(c('qty', 'eq', null), { qty: '0' })).toBe(false);
    expect(holds(c('qty', 'gte', null), { qty: 5 })).toBe(false);
    expect(holds(c('qty', 'lt', '$user.limit'), { qty: 5 }, { user: {} })).toBe(false);
    expect(holds(c('qty', 'in', [null]), { qty: 0 })).toBe(false);
  });

  it('an unknown operator fails closed', () => {
    expect(holds(c('x', 'regex' as FilterOperator, '.*'), { x: 'a' })).toBe(false);
  });
});

describe('evaluateFilter: variables and composition', () => {
  const vars = { user: { userId: 7, supplierId: 42 }, resp: { id: 3 } };

  it('reads $user.* and $resp.* from the variables', () => {
    expect(holds(c('supplierId', 'eq', '$user.supplierId'), { supplierId: 42 }, vars)).toBe(true);
    expect(holds(c('supplierId', 'eq', '$user.supplierId'), { supplierId: 43 }, vars)).toBe(false);
    expect(holds(c('createdBy', 'ne', '$user.userId'), { createdBy: 7 }, vars)).toBe(false);
    expect(holds(c('respId', 'in', ['$resp.id', 99]), { respId: 3 }, vars)).toBe(true);
    expect(resolveFilterValue('$user.supplierId', vars)).toBe(42);
    expect(resolveFilterValue(['$user.userId', 'x'], vars)).toEqual([7, 'x']);
    expect(resolveFilterValue('DRAFT', vars)).toBe('DRAFT');
  });

  it('an unresolved variable never matches a row (an INSIDE user has no supplierId)', () => {
    const inside = { user: { userId: 7 } };
    expect(resolveFilterValue('$user.supplierId', inside)).toBeUndefined();
    expect(resolveFilterValue('$user.supplierId.deep', { user: null })).toBeUndefined();
    expect(holds(c('supplierId', 'eq', '$user.supplierId'), { supplierId: 42 }, inside)).toBe(false);
    expect(holds(c('supplierId', 'eq', '$user.supplierId'), { supplierId: null }, inside)).toBe(false);
  });

  it('and / or / not nest, and an absent filter always holds', () => {
    const node: FilterNode = {
      and: [
        { or: [c('status', 'eq', 'DRAFT'), c('status', 'eq', 'REJECTED')] },
        { not: c('createdBy', 'ne', '$user.userId') },
      ],
    };
    expect(holds(node, { status: 'REJECTED', createdBy: 7 }, vars)).toBe(true);
    expect(holds(node, { status: 'REJECTED', createdBy: 8 }, vars)).toBe(false);
    expect(holds(node, { status: 'APPROVED', createdBy: 7 }, vars)).toBe(false);
    expect(evaluateFilter(undefined, {})).toBe(true);
    expect(holds({ and: [] }, {})).toBe(true);
    expect(holds({ or: [] }, {})).toBe(false);
    expect(holds({ not: { not: c('a', 'eq', 1) } }, { a: 1 })).toBe(true);
  });
});

describe('filterConditions / filterFields', () => {
  it('lists every condition depth first and each field once', () => {
    const node: FilterNode = {
      or: [
        c('status', 'eq', 'DRAFT'),
        { and: [c('supplierId', 'eq', '$user.supplierId'), { not: c('status', 'in', ['X']) }] },
        { not: { or: [c('amount', 'gt', 0)] } },
      ],
    };
    expect(filterConditions(node).map((x) => `${x.field}:${x.op}`)).toEqual([
      'status:eq',
      'supplierId:eq',
      'status:in',
      'amount:gt',
    ]);
    expect(filterFields(node)).toEqual(['status', 'supplierId', 'amount']);
    expect(filterFields(undefined)).toEqual([]);
    expect(filterFields(c('x', 'null'))).toEqual(['x']);
  });
});
