import { EntityModel, type EntityDef, type FieldDef, type PageDef } from '@meridian/metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportCell, importColumns, planColumns, readableKeys } from './columnPlan';
import { importCell } from './importCells';
import { LookupTable } from './lookupTable';

const f = (name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type,
  label: { cn: `${name}中`, en: `${name} en` },
  ...extra,
});

const def: EntityDef = {
  kind: 'entity',
  name: 'rate',
  area: 'srmServer',
  table: 'rate',
  label: { cn: '汇率', en: 'Rate' },
  primaryKey: 'rateId',
  statusField: 'status',
  fields: [
    f('fromCurrency', 'lookup', { lookupType: 'CUR', required: true }),
    f('rate', 'decimal', { precision: 20, scale: 8, required: true }),
    f('rateDate', 'date', { required: true }),
    f('stamp', 'datetime'),
    f('lines', 'integer'),
    f('urgent', 'flag'),
    f('orgId', 'reference', { reference: { entity: 'org', labelField: 'orgName', labelAs: 'orgName' } }),
    f('note', 'string'),
    f('secretCode', 'string', { secret: true }),
    f('extra', 'json'),
    f('status', 'lookup', { lookupType: 'ST' }),
    f('docNo', 'string', { generated: 'documentNumber' }),
  ],
};
const entity = new EntityModel(def);
const page = {
  kind: 'page',
  path: 'rates',
  type: 'list',
  entity: 'rate',
  title: { cn: '汇率', en: 'Rates' },
  grid: {
    columns: [
      { key: 'note', title: { cn: '备注', en: 'Remark' } },
      { key: 'urgent', lookup: { typeCode: 'YN' } },
      { key: 'status' },
      { key: 'rate' },
    ],
  },
} as unknown as PageDef;

const LOOKUP_ROWS = [
  { t: 'CUR', c: 'USD', cn: '美元', en: 'US dollar', f: 'Y' },
  { t: 'CUR', c: 'EUR', cn: '欧元', en: '', f: 'Y' },
  { t: 'CUR', c: 'DEM', cn: '马克', en: 'Mark', f: 'N' },
  { t: 'YN', c: 'Y', cn: '是', en: 'Yes', f: 'Y' },
  { t: 'YN', c: 'N', cn: '否', en: 'No', f: 'Y' },
];
let lookups: LookupTable;
beforeAll(async () => {
  const reader = { dialect: { quote: (s: string) => `"${s}"` }, select: async () => LOOKUP_ROWS };
  lookups = await LookupTable.load(reader as never, ['CUR', 'YN']);
});

describe('LookupTable', () => {
  it('shows meanings in the language (English falls back to Chinese), unknown codes as they are', () => {
    expect(lookups.meaning('CUR', 'USD', 'EN')).toBe('US dollar');
    expect(lookups.meaning('CUR', 'EUR', 'EN')).toBe('欧元');
    expect(lookups.meaning('CUR', 'USD', 'CN')).toBe('美元');
    expect(lookups.meaning('CUR', 'XXX', 'CN')).toBe('XXX');
    expect(lookups.meaning('CUR', null, 'CN')).toBeNull();
  });

  it('offers and accepts only enabled values, by code or by either meaning', () => {
    expect(lookups.choices('CUR', 'CN')).toEqual(['美元', '欧元']);
    expect(['USD', '美元', 'US dollar', 'us dollar', ' usd '].map((t) => lookups.codeOf('CUR', t))).toEqual([
      'USD',
      'USD',
      'USD',
      'USD',
      'USD',
    ]);
    expect(lookups.codeOf('CUR', 'DEM')).toBeUndefined();
    expect(lookups.codeOf('CUR', 'Mark')).toBeUndefined();
  });
});

describe('exportCell', () => {
  const keys = readableKeys(entity);
  const cells = (row: Record<string, unknown>, names: string[], language: 'CN' | 'EN' = 'EN') =>
    planColumns(
      entity,
      [page],
      names.map((key) => ({ key, title: key })),
    ).map((c) => exportCell(c, row, lookups, language, keys));

  it('writes lookups as meanings (page lookup first), references as their label, decimals as numbers when exact', () => {
    const row = { fromCurrency: 'USD', urgent: 'Y', orgId: 5, orgName: 'Plant', rate: '7.12000000', note: 'x' };
    expect(cells(row, ['fromCurrency', 'urgent', 'orgId', 'orgName', 'rate', 'note'])).toEqual([
      'US dollar',
      'Yes',
      'Plant',
      'Plant',
      7.12,
      'x',
    ]);
    expect(cells({ rate: '123456789012.12345678' }, ['rate'])).toEqual(['123456789012.12345678']);
    expect(cells({ orgId: 5, orgName: null }, ['orgId'])).toEqual([5]);
  });

  it('neutralises formulas, stringifies JSON and never reads a secret or unknown key', () => {
    const row = { note: '=1+2', extra: { a: 1 }, secretCode: 'hunter2', madeUp: 'x' };
    expect(cells(row, ['note', 'extra', 'secretCode', 'madeUp'])).toEqual(["'=1+2", '{"a":1}', null, null]);
  });
});

describe('importColumns', () => {
  it('takes the writable grid columns in grid order, then required fields the grid lacks; never status or generated', () => {
    const columns = importColumns(entity, page, 'EN');
    expect(columns.map((c) => c.key)).toEqual(['note', 'urgent', 'rate', 'fromCurrency', 'rateDate']);
    expect(columns.map((c) => c.title)).toEqual(['Remark', 'urgent en', 'rate en', 'fromCurrency en', 'rateDate en']);
    expect(columns[1].lookupType).toBe('YN');
  });
});

describe('importCell', () => {
  const column = (key: string) => planColumns(entity, [page], [{ key, title: key }])[0];
  const value = (key: string, cell: unknown) => importCell(column(key), cell, lookups);

  it('leaves empty cells unset and reads rich text, formulas and hyperlinks as what they show', () => {
    expect([null, undefined, '', '   '].map((c) => value('note', c))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(value('note', { richText: [{ text: 'a' }, { text: 'b' }] })).toEqual({ value: 'ab' });
    expect(value('note', { formula: 'A1', result: 'r' })).toEqual({ value: 'r' });
    expect(value('note', { text: 'link', hyperlink: 'http://x' })).toEqual({ value: 'link' });
    expect(value('note', "'=SUM(1)")).toEqual({ value: '=SUM(1)' });
  });

  it('turns meanings into codes and refuses values that are not enabled', () => {
    expect(value('fromCurrency', '美元')).toEqual({ value: 'USD' });
    expect(value('urgent', true)).toEqual({ value: 'Y' });
    expect(value('fromCurrency', 'Mark')).toMatchObject({ error: { en: '"Mark" is not one of the allowed values' } });
  });

  it('reads numbers, decimals (exact text kept), dates and date-times', () => {
    expect(value('lines', 3)).toEqual({ value: 3 });
    expect(value('lines', '4')).toEqual({ value: 4 });
    expect(value('lines', 2.5)).toMatchObject({ error: { en: 'must be a whole number' } });
    expect(value('rate', '7.12345678')).toEqual({ value: '7.12345678' });
    expect(value('rate', 0.1)).toEqual({ value: '0.1' });
    expect(value('rate', 'lots')).toMatchObject({ error: { en: 'must be a number' } });
    expect(value('rateDate', new Date(Date.UTC(2027, 0, 2)))).toEqual({ value: '2027-01-02' });
    expect(value('rateDate', '2027-01-03')).toEqual({ value: '2027-01-03' });
    expect(value('rateDate', 46389)).toEqual({ value: '2027-01-02' });
    expect(value('stamp', 46389.5)).toEqual({ value: '2027-01-02 12:00:00' });
    expect(value('stamp', new Date(Date.UTC(2027, 0, 2, 8, 5, 9)))).toEqual({ value: '2027-01-02 08:05:09' });
  });

  it('keeps a reference id as a number and a label as text (resolved against the database later)', () => {
    expect(value('orgId', 12)).toEqual({ value: 12 });
    expect(value('orgId', '12')).toEqual({ value: 12 });
    expect(value('orgId', 'Plant')).toEqual({ value: 'Plant' });
  });
});
