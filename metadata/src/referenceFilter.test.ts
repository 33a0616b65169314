import { describe, expect, it } from 'vitest';
import type { FilterNode } from './generated/meta-model';
import { formDependencies, formFieldLevel, formVariable, resolveFormFilter } from './referenceFilter';

const plantOfCompany: FilterNode = {
  and: [
    { field: 'orgType', op: 'eq', value: 'INV_ORG' },
    { field: 'companyId', op: 'eq', value: '$form.orgId' },
    { field: 'enabledFlag', op: 'eq', value: 'Y' },
  ],
};

describe('reference filters: $form variables', () => {
  it('names the form fields a filter depends on, once each, and nothing else', () => {
    expect(formVariable('$form.orgId')).toBe('orgId');
    expect(formVariable('$user.userId')).toBeUndefined();
    const filter: FilterNode = {
      or: [plantOfCompany, { field: 'orgId', op: 'in', value: ['$form.orgId', '$form.deptId', 3] }],
    };
    expect(formDependencies(filter)).toEqual(['orgId', 'deptId']);
    expect(formDependencies({ field: 'userType', op: 'eq', value: '$user.userType' })).toEqual([]);
  });

  it('replaces $form values with the form values and leaves $user to the server', () => {
    const filter: FilterNode = {
      and: [plantOfCompany, { field: 'createdBy', op: 'in', value: ['$user.userId', '$form.orgId'] }],
    };
    const { filter: resolved, blank } = resolveFormFilter(filter, (name) => ({ orgId: 7 })[name]);
    expect(blank).toEqual([]);
    expect(resolved).toEqual({
      and: [
        { and: [plantOfCompany.and[0], { field: 'companyId', op: 'eq', value: 7 }, plantOfCompany.and[2]] },
        { field: 'createdBy', op: 'in', value: ['$user.userId', 7] },
      ],
    });
  });

  it('reports blank form values; a search form drops their conditions instead', () => {
    const strict = resolveFormFilter(plantOfCompany, () => '');
    expect(strict.blank).toEqual(['orgId']);
    expect(strict.filter).toEqual(plantOfCompany);
    const loose = resolveFormFilter(plantOfCompany, () => null, true);
    expect(loose.filter).toEqual({ and: [plantOfCompany.and[0], plantOfCompany.and[2]] });
    expect(
      resolveFormFilter({ field: 'companyId', op: 'eq', value: '$form.orgId' }, () => undefined, true).filter,
    ).toBeUndefined();
  });

  it('reads $form.x from the record itself first, then from its header', () => {
    const own = new Set(['itemId']);
    const header = new Set(['orgId', 'itemId']);
    expect(
      formFieldLevel(
        'itemId',
        (n) => own.has(n),
        (n) => header.has(n),
      ),
    ).toBe('record');
    expect(
      formFieldLevel(
        'orgId',
        (n) => own.has(n),
        (n) => header.has(n),
      ),
    ).toBe('header');
    expect(
      formFieldLevel(
        'nothing',
        (n) => own.has(n),
        (n) => header.has(n),
      ),
    ).toBeUndefined();
  });
});
