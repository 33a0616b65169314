import { describe, expect, it } from 'vitest';
import { EntityModel } from './entityModel';
import type { EntityDef, FieldDef } from './generated/meta-model';
import type { Language } from './i18n';
import { buildRecordSchema, decimalPattern, decimalShape, type JsonSchema } from './recordSchema';
import { validateRecord } from './recordValidation';

const f = (name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type,
  label: { cn: `${name}中文`, en: name },
  ...extra,
});
const entity = (name: string, primaryKey: string, fields: FieldDef[], extra: Partial<EntityDef> = {}) =>
  new EntityModel({
    kind: 'entity',
    name,
    area: 'srmServer',
    table: name.toLowerCase(),
    label: { cn: '单据', en: 'Order' },
    primaryKey,
    fields: fields as EntityDef['fields'],
    ...extra,
  });

const line = entity('demoOrderLine', 'orderLineId', [
  f('orderHeaderId', 'integer', { serverOnly: true }),
  f('lineNum', 'integer', { required: true, validator: 'positiveInteger' }),
  f('quantity', 'quantity', { required: true, min: 0, validator: 'quantity' }),
  f('price', 'money'),
]);
const header = entity(
  'demoOrderHeader',
  'orderHeaderId',
  [
    f('orderNumber', 'string', { generated: 'documentNumber', required: true }),
    f('title', 'string', { required: true, length: 20 }),
    f('remark', 'text', { maxLength: 10 }),
    f('status', 'lookup', { lookupType: 'ORDER_STATUS', serverOnly: true, required: true }),
    f('orderDate', 'date', { required: true }),
    f('deliveredAt', 'datetime'),
    f('urgent', 'flag', { required: true, default: 'N' }),
    f('archived', 'flag'),
    f('totalAmount', 'money', { min: 0, max: 1000000 }),
    f('rate', 'decimal', { precision: 10, scale: 4 }),
    f('priority', 'integer', { min: 1, max: 5 }),
    f('contactEmail', 'string', { validator: 'email' }),
    f('contactMobile', 'string', { validator: 'mobile' }),
    f('contactPhone', 'string', { validator: 'landline' }),
    f('code', 'string', { pattern: '[A-Z]{3}' }),
    f('supplierId', 'reference', {
      reference: { entity: 'demoSupplier', labelField: 'supplierName', labelAs: 'supplierName' },
    }),
    f('attachmentIds', 'attachment'),
    f('extra', 'json'),
    f('token', 'string', { secret: true }),
  ],
  { children: [{ name: 'lines', entity: 'demoOrderLine', foreignKey: 'orderHeaderId' }] },
);
const lookup = (name: string) => ({ demoOrderLine: line, demoOrderHeader: header })[name];

const valid = () => ({ title: 'Bolts', orderDate: '2025-03-01', lines: [{ lineNum: 1, quantity: '2.5' }] });
const check = (record: Record<string, unknown>, creating = true, language: Language = 'EN') =>
  validateRecord(header, lookup, record, { creating, language });
const one = (field: string, value: unknown, language: Language = 'EN') =>
  check({ ...valid(), [field]: value }, true, language);

describe('buildRecordSchema', () => {
  const schema = buildRecordSchema(header, lookup);
  const props = schema.properties as Record<string, JsonSchema>;

  it('describes the readable fields, labelAs values and lines', () => {
    expect(schema).toMatchObject({
      title: 'DemoOrderHeaderRecord',
      description: '单据 / Order',
      type: 'object',
      additionalProperties: false,
    });
    expect(Object.keys(props)).toEqual(
      expect.arrayContaining(['orderHeaderId', 'title', 'versionNum', 'creationDate', 'supplierName', 'lines']),
    );
    expect(props).not.toHaveProperty('token');
    expect(props.supplierName).toEqual({ type: ['string', 'null'], readOnly: true });
    expect(props.lines).toMatchObject({ type: 'array', items: { title: 'DemoOrderLineRecord' } });
    expect(props.title).toMatchObject({
      type: ['string', 'null'],
      maxLength: 20,
      title: 'title',
      description: 'title中文',
    });
    expect(props.urgent).toMatchObject({ type: ['string', 'null'], enum: ['Y', 'N', null] });
    expect(props.extra).not.toHaveProperty('type');
  });

  it('decimals are strings with a precision/scale pattern; defaults money 20,2 quantity 20,4 decimal 20,6', () => {
    expect(decimalShape(f('a', 'money'))).toEqual({ precision: 20, scale: 2 });
    expect(decimalShape(f('a', 'quantity'))).toEqual({ precision: 20, scale: 4 });
    expect(decimalShape(f('a', 'decimal'))).toEqual({ precision: 20, scale: 6 });
    expect(decimalShape(f('a', 'integer'))).toBeUndefined();
    expect(decimalPattern(f('a', 'money'))).toBe('^-?\\d{1,18}(\\.\\d{1,2})?$');
    expect(decimalPattern(f('a', 'decimal', { precision: 5, scale: 0 }))).toBe('^-?\\d{1,5}$');
    expect(props.totalAmount).toMatchObject({ type: ['string', 'null'], pattern: decimalPattern(f('a', 'money')) });
  });
});

describe('validateRecord', () => {
  it('accepts a valid record, unknown header properties, nulls on optional fields and the labelAs value', () => {
    expect(check(valid())).toEqual([]);
    expect(check({ ...valid(), somethingElse: 1, supplierName: 'ACME', remark: null, extra: { any: [1] } })).toEqual(
      [],
    );
    expect(
      check({ ...valid(), totalAmount: '999999.99', rate: '123456.1234', priority: 5, attachmentIds: '12,13' }),
    ).toEqual([]);
  });

  it('required: missing on create (unless defaulted), only when present and blank on update', () => {
    expect(check({ orderDate: '2025-03-01' })).toEqual([{ field: 'title', message: 'required' }]);
    expect(check({ orderDate: '2025-03-01' }, true, 'CN')).toEqual([{ field: 'title', message: '必填' }]);
    expect(check({ title: '', orderDate: null })).toEqual([
      { field: 'title', message: 'required' },
      { field: 'orderDate', message: 'required' },
    ]);
    expect(check({ orderHeaderId: 5, remark: 'r' }, false)).toEqual([]);
    expect(check({ orderHeaderId: 5, title: null }, false)).toEqual([{ field: 'title', message: 'required' }]);
    expect(check({ orderHeaderId: 5, urgent: null }, false)).toEqual([{ field: 'urgent', message: 'required' }]);
  });

  it('server-filled, generated and system fields are not required from the body', () => {
    const errors = check(valid()).map((e) => e.field);
    expect(errors).not.toContain('orderNumber');
    expect(errors).not.toContain('status');
  });

  it('decimals travel as strings; too many decimals or a number are rejected', () => {
    expect(one('totalAmount', '12.345')).toEqual([{ field: 'totalAmount', message: 'has a wrong format' }]);
    expect(one('totalAmount', '12.34')).toEqual([]);
    expect(one('totalAmount', 12.34)).toEqual([{ field: 'totalAmount', message: 'has a wrong type' }]);
    expect(one('rate', '1234567.1')).toEqual([{ field: 'rate', message: 'has a wrong format' }]);
    expect(one('rate', '1e3')).toEqual([{ field: 'rate', message: 'has a wrong format' }]);
    expect(one('totalAmount', '1.234', 'CN')).toEqual([{ field: 'totalAmount', message: '格式错误' }]);
  });

  it('min / max on decimals and integers, in both languages', () => {
    expect(one('totalAmount', '-0.01')).toEqual([{ field: 'totalAmount', message: 'must not be less than 0' }]);
    expect(one('totalAmount', '1000000.01')).toEqual([
      { field: 'totalAmount', message: 'must not be greater than 1000000' },
    ]);
    expect(one('totalAmount', '-5', 'CN')).toEqual([{ field: 'totalAmount', message: '不能小于 0' }]);
    expect(one('priority', 0)).toEqual([{ field: 'priority', message: 'must not be less than 1' }]);
    expect(one('priority', 6, 'CN')).toEqual([{ field: 'priority', message: '不能大于 5' }]);
    expect(one('priority', '3')).toEqual([{ field: 'priority', message: 'has a wrong type' }]);
    expect(one('priority', 2.5)).toEqual([{ field: 'priority', message: 'has a wrong type' }]);
  });

  it('a flag is only Y or N', () => {
    expect(one('urgent', 'Y')).toEqual([]);
    expect(one('archived', null)).toEqual([]); // null clears an optional flag
    expect(one('urgent', 'X')).toEqual([{ field: 'urgent', message: 'Value should be trueValue or falseValue.' }]);
    expect(one('urgent', 'y', 'CN')).toEqual([{ field: 'urgent', message: '只能是 Y 或 N' }]);
    const errors = one('urgent', true);
    expect(errors.every((e) => e.field === 'urgent')).toBe(true);
    expect(errors.map((e) => e.message)).toContain('Value should be trueValue or falseValue.');
  });

  it('maxLength: the storage length, or the field maxLength when set', () => {
    expect(one('title', 'x'.repeat(20))).toEqual([]);
    expect(one('title', 'x'.repeat(21))).toEqual([{ field: 'title', message: 'is too long' }]);
    expect(one('title', '长'.repeat(21), 'CN')).toEqual([{ field: 'title', message: '超出最大长度' }]);
    expect(one('remark', 'x'.repeat(10))).toEqual([]);
    expect(one('remark', 'x'.repeat(11))).toEqual([{ field: 'remark', message: 'is too long' }]);
  });

  it('dates are real calendar dates written YYYY-MM-DD; datetimes carry a time', () => {
    expect(one('orderDate', '2024-02-29')).toEqual([]);
    for (const bad of [
      '2025-3-1',
      '2025/03/01',
      '2025-03-01T00:00',
      '20250301',
      '2025-02-30',
      '2025-13-01',
      '2023-02-29',
    ]) {
      expect(one('orderDate', bad)).toEqual([{ field: 'orderDate', message: 'has a wrong format' }]);
    }
    expect(one('deliveredAt', '2025-03-01 10:30:00')).toEqual([]);
    expect(one('deliveredAt', '2025-03-01T10:30:00.123Z')).toEqual([]);
    expect(one('deliveredAt', '2025-03-01')).toEqual([{ field: 'deliveredAt', message: 'has a wrong format' }]);
  });

  it('named validators report their spec messages in EN and CN', () => {
    expect(one('contactEmail', 'not-an-email')).toEqual([{ field: 'contactEmail', message: 'e-mail format error' }]);
    expect(one('contactEmail', 'a@b', 'CN')).toEqual([{ field: 'contactEmail', message: '邮箱格式错误' }]);
    expect(one('contactMobile', '12345678901')).toEqual([
      { field: 'contactMobile', message: 'mobile number format error' },
    ]);
    expect(one('contactMobile', '1381234567', 'CN')).toEqual([{ field: 'contactMobile', message: '手机号码格式错误' }]);
    expect(one('contactPhone', '010-1234')).toEqual([{ field: 'contactPhone', message: 'phone number format error' }]);
    expect(one('contactPhone', '010-12345678-123')).toEqual([]);
    expect(one('contactEmail', '')).toEqual([]);
  });

  it('a field pattern must match the whole value; references are integers; attachments are id lists', () => {
    expect(one('code', 'ABC')).toEqual([]);
    expect(one('code', 'ABCD')).toEqual([{ field: 'code', message: 'has a wrong format' }]);
    expect(one('supplierId', 'ACME')).toEqual([{ field: 'supplierId', message: 'has a wrong type' }]);
    expect(one('attachmentIds', '1,,2')).toEqual([{ field: 'attachmentIds', message: 'has a wrong format' }]);
  });

  it('line errors are reported as lines[i].field', () => {
    const record = {
      ...valid(),
      lines: [{ lineNum: 1, quantity: '1' }, { lineNum: 2 }, { lineNum: 0, quantity: '5' }],
    };
    expect(check(record)).toEqual([
      { field: 'lines[1].quantity', message: 'required' },
      { field: 'lines[2].lineNum', message: 'must enter a positive integer' },
    ]);
    expect(check({ ...valid(), lines: [{ lineNum: 1, quantity: '1.5', price: '1.001' }] })).toEqual([
      { field: 'lines[0].price', message: 'has a wrong format' },
    ]);
    expect(check({ ...valid(), lines: [{ lineNum: 1, quantity: '-1' }] }, true, 'CN')).toEqual([
      { field: 'lines[0].quantity', message: '不能小于 0' },
    ]);
  });

  it('an existing line (with its primary key) is validated as an update', () => {
    expect(check({ ...valid(), lines: [{ orderLineId: 9, quantity: '3' }] })).toEqual([]);
    expect(check({ ...valid(), lines: [{ orderLineId: 9, lineNum: null }] })).toEqual([
      { field: 'lines[0].lineNum', message: 'required' },
    ]);
  });
});
