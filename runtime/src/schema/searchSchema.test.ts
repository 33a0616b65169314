import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import type { SearchField } from '../meta';
import { entities, headerEntity } from '../test/fixtures';
import { buildSearchSchema, searchValuesToQuery } from './searchSchema';

const fields: SearchField[] = [
  { field: 'requisitionNumber' },
  { field: 'status', op: 'in' },
  { field: 'orgId' },
  { field: 'needByDate', op: 'between' },
  { field: 'totalAmount', op: 'gte' },
  { field: 'urgentFlag' },
];

describe('search schema', () => {
  it('builds one search field per page.search field', () => {
    const schema = buildSearchSchema({ fields, entity: headerEntity, entities, language: 'EN' });
    const props = schema.properties as Record<string, ISchema>;
    expect(props.requisitionNumber).toMatchObject({ title: 'Requisition number', 'x-component': 'Input' });
    expect(props.status).toMatchObject({ type: 'array', 'x-component': 'LookupSelect' });
    expect(props.status['x-component-props']).toMatchObject({ mode: 'multiple', lookupType: 'PUR_REQ_STATUS' });
    expect(props.needByDate['x-component']).toBe('DatePicker.RangePicker');
    expect(props.totalAmount['x-component']).toBe('NumberPicker');
    expect(props.urgentFlag['x-component']).toBe('FlagSelect');
  });

  it('sends equality as params and every other operator as a filter', () => {
    const query = searchValuesToQuery(
      fields,
      {
        requisitionNumber: ' PR2026 ',
        status: ['DRAFT', 'SUBMITTED'],
        orgId: 11,
        needByDate: ['2026-01-01', '2026-01-31'],
        totalAmount: '100',
        urgentFlag: '',
      },
      headerEntity,
    );
    expect(query.params).toEqual({ orgId: 11 });
    expect(query.filter).toEqual({
      and: [
        { field: 'requisitionNumber', op: 'like', value: 'PR2026' },
        { field: 'status', op: 'in', value: ['DRAFT', 'SUBMITTED'] },
        { field: 'needByDate', op: 'between', value: ['2026-01-01', '2026-01-31'] },
        { field: 'totalAmount', op: 'gte', value: '100' },
      ],
    });
  });

  it('skips blank values and turns a half-open range into gte/lte', () => {
    expect(searchValuesToQuery(fields, {}, headerEntity)).toEqual({ params: {} });
    expect(searchValuesToQuery(fields, { needByDate: [undefined, '2026-02-01'] }, headerEntity).filter).toEqual({
      field: 'needByDate',
      op: 'lte',
      value: '2026-02-01',
    });
  });
});
