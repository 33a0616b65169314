import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '../meta';
import { referenceTarget } from './fieldComponent';
import { buildSearchSchema } from './searchSchema';

const label = { cn: '标签', en: 'Label' };
const plant: FieldDef = {
  name: 'plantId',
  type: 'reference',
  label,
  reference: {
    entity: 'baseOrganization',
    labelField: 'orgName',
    filter: {
      and: [
        { field: 'companyId', op: 'eq', value: '$form.orgId' },
        { field: 'supplierId', op: 'eq', value: '$form.supplierId' },
      ],
    },
  },
};
const org: EntityDef = {
  kind: 'entity',
  name: 'baseOrganization',
  area: 'baseServer',
  table: 'o',
  label,
  primaryKey: 'orgId',
  fields: [{ name: 'orgName', type: 'string', label }],
};
const line: EntityDef = {
  kind: 'entity',
  name: 'reqLine',
  area: 'srmServer',
  table: 'l',
  label,
  primaryKey: 'lineId',
  parent: 'reqHeader',
  fields: [plant, { name: 'supplierId', type: 'integer', label }],
};
const header: EntityDef = {
  kind: 'entity',
  name: 'reqHeader',
  area: 'srmServer',
  table: 'h',
  label,
  primaryKey: 'headerId',
  fields: [{ name: 'orgId', type: 'integer', label }, plant],
};

describe('the reference target carries the declared filter', () => {
  it("on a header form every $form name is the record's own", () => {
    const target = referenceTarget(plant, { baseOrganization: org })!;
    expect(target.filter).toEqual(plant.reference!.filter);
    expect(target.headerFields).toBeUndefined();
  });

  it('on a line, the names the line lacks are read from the header', () => {
    expect(referenceTarget(plant, { baseOrganization: org }, line)!.headerFields).toEqual(['orgId']);
  });

  it("a search form's picker does not wait for its dependencies", () => {
    const schema = buildSearchSchema({
      fields: [{ field: 'plantId' }],
      entity: header,
      entities: { baseOrganization: org },
      language: 'CN',
    });
    const properties = schema.properties as Record<string, ISchema>;
    expect(properties.plantId['x-component-props']).toMatchObject({
      looseDependencies: true,
      target: { filter: plant.reference!.filter },
    });
  });
});
