import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajv, describeAjvError, metaSchemaValidator, SCHEMA_ID_PREFIX, significantErrors } from './ajv';

const err = (keyword: string, instancePath: string, params: Record<string, unknown>, message?: string): ErrorObject =>
  ({ keyword, instancePath, schemaPath: '#', params, message }) as ErrorObject;

/** Validates a document against a meta-model schema and returns the described significant errors. */
function problems(file: string, doc: unknown) {
  const validate = metaSchemaValidator(file);
  expect(validate(doc)).toBe(false);
  return significantErrors(validate.errors ?? []).map(describeAjvError);
}

const entity = () => ({
  kind: 'entity',
  name: 'demoThing',
  area: 'srmServer',
  table: 'demo_thing',
  label: { cn: '物', en: 'Thing' },
  primaryKey: 'thingId',
  fields: [{ name: 'code', type: 'string', label: { cn: '编码', en: 'Code' } }],
});

describe('describeAjvError', () => {
  it.each([
    [
      err('additionalProperties', '/fields/0', { additionalProperty: 'colour' }),
      '/fields/0',
      'unknown property "colour"',
    ],
    [err('required', '', { missingProperty: 'table' }), '/', 'missing required property "table"'],
    [
      err('enum', '/area', { allowedValues: ['baseServer', 'srmServer'] }),
      '/area',
      'must be one of baseServer, srmServer',
    ],
    [err('const', '/kind', { allowedValue: 'entity' }), '/kind', 'must be "entity"'],
    [err('type', '/fields', { type: 'array' }), '/fields', 'must be of type array'],
    [err('pattern', '/table', { pattern: '^[a-z]+$' }), '/table', 'has a wrong format (expected ^[a-z]+$)'],
    [err('maxLength', '/name', { limit: 80 }), '/name', 'is longer than 80 characters'],
    [
      err('minItems', '/fields', { limit: 1 }, 'must NOT have fewer than 1 items'),
      '/fields',
      'must NOT have fewer than 1 items',
    ],
    [err('somethingNew', '/x', {}), '/x', 'somethingNew'],
  ])('%#: %o', (error, pointer, message) => {
    expect(describeAjvError(error)).toEqual({ pointer, message });
  });
});

describe('meta-model schemas', () => {
  it('registers every schema file under its $id', () => {
    for (const file of ['entity', 'field', 'filter', 'i18n-text', 'lifecycle', 'lookup', 'menu', 'page']) {
      expect(ajv.getSchema(`${SCHEMA_ID_PREFIX}${file}.schema.json`), file).toBeTypeOf('function');
    }
    expect(() => metaSchemaValidator('nope.schema.json')).toThrow(
      'meta-model schema nope.schema.json is not registered',
    );
  });

  it('accepts a minimal entity', () => {
    expect(metaSchemaValidator('entity.schema.json')(entity())).toBe(true);
  });

  it('points at an unknown property and a wrong enum value', () => {
    const doc = entity();
    Object.assign(doc.fields[0], { colour: 'red', type: 'strng' });
    expect(problems('entity.schema.json', doc)).toEqual(
      expect.arrayContaining([
        { pointer: '/fields/0', message: 'unknown property "colour"' },
        {
          pointer: '/fields/0/type',
          message: expect.stringMatching(/^must be one of string, text, integer, decimal, money, .*json$/),
        },
      ]),
    );
  });

  it('reports missing properties, wrong kinds and bad names', () => {
    const { table: _table, ...doc } = { ...entity(), kind: 'entty', name: 'Bad Name' };
    expect(problems('entity.schema.json', doc)).toEqual(
      expect.arrayContaining([
        { pointer: '/', message: 'missing required property "table"' },
        { pointer: '/kind', message: 'must be "entity"' },
        { pointer: '/name', message: 'has a wrong format (expected ^[a-z][A-Za-z0-9]{1,80}$)' },
      ]),
    );
  });

  it('filters: a bad operator deep inside and/or is reported once, at its own pointer, with the allowed values', () => {
    const page = {
      kind: 'page',
      path: 'demoList',
      type: 'list',
      entity: 'demoThing',
      title: { cn: '列表', en: 'List' },
      actions: [
        {
          action: 'delete',
          resourceCode: 'DEMO_DELETE',
          label: { cn: '删除', en: 'Delete' },
          placement: 'row',
          showWhen: {
            and: [{ field: 'status', op: 'eq', value: 'DRAFT' }, { or: [{ field: 'code', op: 'equals', value: 'x' }] }],
          },
        },
      ],
    };
    const found = problems('page.schema.json', page);
    const onOp = found.filter((p) => p.pointer === '/actions/0/showWhen/and/1/or/0/op');
    expect(onOp).toHaveLength(1);
    expect(onOp[0].message).toMatch(/^must be one of eq, ne, in, nin, like/);
  });
});

describe('significantErrors', () => {
  it('drops oneOf/anyOf wrappers and duplicate messages at the same pointer', () => {
    const list = [
      err('oneOf', '/a', {}, 'must match exactly one schema in oneOf'),
      err('type', '/a', { type: 'string' }),
      err('type', '/a', { type: 'string' }),
      err('type', '/b', { type: 'string' }),
      err('anyOf', '/c', {}, 'must match a schema in anyOf'),
    ];
    expect(significantErrors(list).map(describeAjvError)).toEqual([
      { pointer: '/a', message: 'must be of type string' },
      { pointer: '/b', message: 'must be of type string' },
    ]);
  });

  it('keeps composite errors when they are all there is', () => {
    const only = [err('oneOf', '/x', {}, 'must match exactly one schema in oneOf')];
    expect(significantErrors(only)).toEqual(only);
  });
});

describe('significantErrors on a oneOf (filter AST)', () => {
  it('reports only the bad operator deep inside an and, not every branch mismatch', () => {
    const validate = ajv.getSchema('https://meridian.dev/schema/filter.schema.json')!;
    expect(validate({ and: [{ field: 'status', op: 'bad' }] })).toBe(false);
    const problems = significantErrors(validate.errors ?? []).map(describeAjvError);
    expect(problems).toEqual([{ pointer: '/and/0/op', message: expect.stringContaining('must be one of eq, ne') }]);
  });
});
