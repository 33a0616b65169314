import { createForm, type Form } from '@formily/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityDef, FilterNode, PageDef } from '../meta';
import { dependencyRules, useReferenceDependencies } from './useReferenceDependencies';

const label = (cn: string) => ({ cn, en: cn });
const ofCompany: FilterNode = {
  and: [
    { field: 'orgType', op: 'eq', value: 'INV_ORG' },
    { field: 'companyId', op: 'eq', value: '$form.orgId' },
  ],
};
const org = (name: string, filter?: FilterNode) => ({
  name,
  type: 'reference' as const,
  label: label(name),
  reference: { entity: 'baseOrganization', labelField: 'orgName', labelAs: `${name}Name`, ...(filter && { filter }) },
});
const line: EntityDef = {
  kind: 'entity',
  name: 'reqLine',
  area: 'srmServer',
  table: 'l',
  label: label('行'),
  primaryKey: 'lineId',
  parent: 'reqHeader',
  fields: [
    org('plantId', { field: 'companyId', op: 'eq', value: '$form.orgId' }),
    { name: 'supplierId', type: 'integer', label: label('供应商') },
    org('accountId', { field: 'supplierId', op: 'eq', value: '$form.supplierId' }),
  ],
};
const header: EntityDef = {
  kind: 'entity',
  name: 'reqHeader',
  area: 'srmServer',
  table: 'h',
  label: label('申请'),
  primaryKey: 'headerId',
  fields: [org('orgId'), org('invOrgId', ofCompany), { name: 'description', type: 'string', label: label('说明') }],
  children: [{ name: 'lines', entity: 'reqLine', foreignKey: 'headerId' }],
};
const entities = { reqHeader: header, reqLine: line };
const page: PageDef = {
  kind: 'page',
  path: 'reqEdit',
  type: 'edit',
  entity: 'reqHeader',
  title: label('申请'),
  form: {
    sections: [],
    lines: [{ child: 'lines', grid: { columns: [{ key: 'plantId' }, { key: 'supplierId' }, { key: 'accountId' }] } }],
  },
};

function Harness({ form }: { form: Form }) {
  useReferenceDependencies(form, page, header, entities);
  return null;
}

function setup(): Form {
  const form = createForm({
    values: {
      orgId: 2,
      invOrgId: 5,
      invOrgIdName: '苏州一厂',
      description: 'x',
      lines: [
        { plantId: 5, supplierId: 1, accountId: 11 },
        { plantId: 6, supplierId: 2, accountId: 21, accountIdName: '6222' },
      ],
    },
  });
  form.createField({ name: 'orgId' });
  form.createField({ name: 'description' });
  form.createArrayField({ name: 'lines' });
  [0, 1].forEach((i) => form.createField({ name: 'supplierId', basePath: `lines.${i}` }));
  render(<Harness form={form} />);
  return form;
}

const input = (form: Form, path: string, value: unknown) =>
  form.query(path).take((field) => void (field as unknown as { onInput(v: unknown): void }).onInput(value));

describe('a reference whose filter names $form.x is cleared when the user changes x', () => {
  it('finds the rules: header → header, header → every line, line → same line', () => {
    expect(dependencyRules(page, header, entities).map((r) => [r.pattern, r.dependent.name, r.sameRow])).toEqual([
      ['orgId', 'invOrgId', true],
      ['orgId', 'plantId', false],
      ['lines.*.supplierId', 'accountId', true],
    ]);
  });

  it("a new company clears the plant (and its label) and every line's plant", () => {
    const form = setup();
    input(form, 'orgId', 7);
    expect(form.values).toMatchObject({ orgId: 7, invOrgId: null, invOrgIdName: undefined, description: 'x' });
    expect(form.values.lines.map((l: { plantId: unknown }) => l.plantId)).toEqual([null, null]);
    expect(form.values.lines.map((l: { accountId: unknown }) => l.accountId)).toEqual([11, 21]);
  });

  it("a line's new supplier clears that line's account only", () => {
    const form = setup();
    input(form, 'lines.1.supplierId', 3);
    expect(form.values.lines[0]).toMatchObject({ accountId: 11, plantId: 5 });
    expect(form.values.lines[1]).toMatchObject({
      supplierId: 3,
      accountId: null,
      accountIdName: undefined,
      plantId: 6,
    });
    expect(form.values.invOrgId).toBe(5);
  });

  it('loading a record (values set, not typed) and other fields clear nothing', () => {
    const form = setup();
    form.setValues({ orgId: 7, lines: [{ plantId: 9, supplierId: 4, accountId: 41 }] }, 'overwrite');
    input(form, 'description', 'y');
    expect(form.values).toMatchObject({ orgId: 7, lines: [{ plantId: 9, accountId: 41 }] });
    expect(form.values.invOrgId).toBeUndefined();
  });
});
