import { describe, expect, it } from 'vitest';
import { contextDefaultProblem, contextVariables, localDateParts, resolveDefault } from './contextDefaults';
import { evaluateFilter } from './filter';

const at = new Date(2025, 2, 7, 9, 5, 3); // 7 March 2025, 09:05:03 local time
const vars = contextVariables({ userId: 7, personId: 70, orgId: 3, supplierId: null, userName: 'buyer01' }, 12, at);

describe('context variables', () => {
  it('carry the user, the responsibility, today and now in the wire formats', () => {
    expect(localDateParts(at)).toEqual({ today: '2025-03-07', now: '2025-03-07 09:05:03' });
    expect(vars).toMatchObject({ user: { userId: 7, orgId: 3 }, resp: { id: 12 }, today: '2025-03-07' });
  });

  it('are the ones show rules read: a field compared with $user.userId', () => {
    const mine = { field: 'submittedBy', op: 'eq' as const, value: '$user.userId' };
    expect(evaluateFilter(mine, { submittedBy: 7 }, vars)).toBe(true);
    expect(evaluateFilter(mine, { submittedBy: '7' }, vars)).toBe(true);
    expect(evaluateFilter(mine, { submittedBy: 8 }, vars)).toBe(false);
    expect(evaluateFilter(mine, { submittedBy: null }, vars)).toBe(false);
  });
});

describe('resolveDefault', () => {
  it('returns a literal default as it is', () => {
    expect(resolveDefault({ default: 'CNY' }, vars)).toBe('CNY');
    expect(resolveDefault({ default: 0 }, vars)).toBe(0);
    expect(resolveDefault({}, vars)).toBeUndefined();
  });

  it('reads a context variable', () => {
    expect(resolveDefault({ default: '$user.userId' }, vars)).toBe(7);
    expect(resolveDefault({ default: '$user.personId' }, vars)).toBe(70);
    expect(resolveDefault({ default: '$user.orgId' }, vars)).toBe(3);
    expect(resolveDefault({ default: '$today' }, vars)).toBe('2025-03-07');
    expect(resolveDefault({ default: '$now' }, vars)).toBe('2025-03-07 09:05:03');
  });

  it('is null when the context lacks the value (an internal user has no supplier)', () => {
    expect(resolveDefault({ default: '$user.supplierId' }, vars)).toBeNull();
    expect(resolveDefault({ default: '$user.userId' }, contextVariables(null, null, at))).toBeNull();
  });
});

describe('contextDefaultProblem', () => {
  it('accepts known variables on fields they can fill, and literals', () => {
    expect(contextDefaultProblem({ name: 'requesterId', type: 'reference', default: '$user.userId' })).toBeUndefined();
    expect(contextDefaultProblem({ name: 'requisitionDate', type: 'date', default: '$today' })).toBeUndefined();
    expect(contextDefaultProblem({ name: 'currencyCode', type: 'lookup', default: 'CNY' })).toBeUndefined();
  });

  it('names an unknown variable and a type the variable cannot fill', () => {
    expect(contextDefaultProblem({ name: 'd', type: 'date', default: '$yesterday' })).toMatch(
      /"\$yesterday" of field "d" is not a context variable/,
    );
    expect(contextDefaultProblem({ name: 'flag', type: 'flag', default: '$user.userId' })).toBe(
      'default "$user.userId" cannot fill field "flag" of type flag',
    );
  });
});
