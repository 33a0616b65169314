import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { editPage, entities, headerEntity } from '../test/fixtures';
import { buildFormSchema, formSections } from './formSchema';
import { componentForField, moneyFormatter, moneyParser, quantityFormatter } from './fieldComponent';
import type { EntityDef, FieldDef } from '../meta';

const props = (schema: ISchema) => schema.properties as Record<string, ISchema>;

describe('buildFormSchema', () => {
  const schema = buildFormSchema({ page: editPage, entities, language: 'EN' });
  const section = props(schema).section0;
  const fields = props(section);

  it('lays sections out as FormSection with the page columns and title by language', () => {
    expect(section['x-component']).toBe('FormSection');
    expect(section['x-component-props']).toEqual({ title: 'Basic information', columns: 2 });
    expect(Object.keys(fields)).toEqual([
      'requisitionNumber',
      'title',
      'orgId',
      'status',
      'totalAmount',
      'urgentFlag',
      'needByDate',
      'contactEmail',
      'remark',
    ]);
    expect(fields.title.title).toBe('Title');
    expect(fields.remark['x-decorator-props']).toEqual({ gridSpan: 2 });
  });

  it('maps field types to components', () => {
    expect(fields.title['x-component']).toBe('Input');
    expect(fields.remark['x-component']).toBe('Input.TextArea');
    expect(fields.totalAmount['x-component']).toBe('NumberPicker');
    expect(fields.totalAmount['x-component-props']).toMatchObject({ stringMode: true, precision: 2 });
    expect(fields.needByDate['x-component']).toBe('DatePicker');
    expect(fields.needByDate['x-component-props']).toMatchObject({ format: 'YYYY-MM-DD' });
    expect(fields.urgentFlag['x-component']).toBe('YNCheckbox');
    expect(fields.status['x-component']).toBe('LookupSelect');
    expect(fields.status['x-component-props']).toEqual({ lookupType: 'PUR_REQ_STATUS' });
    expect(fields.orgId['x-component']).toBe('ReferenceSelect');
    expect(fields.orgId['x-component-props']).toEqual({
      target: {
        name: 'baseOrganization',
        area: 'baseServer',
        valueField: 'orgId',
        labelField: 'orgName',
        labelAs: 'orgName',
        searchFields: ['orgName'],
      },
    });
  });

  it('shows server-owned fields read-pretty', () => {
    expect(fields.requisitionNumber['x-read-pretty']).toBe(true);
    expect(fields.status['x-read-pretty']).toBe(true);
    expect(fields.title['x-read-pretty']).toBeUndefined();
  });

  it("shows the entity's status field read-pretty even when the metadata leaves it writable (a designed entity's)", () => {
    const designed: EntityDef = {
      ...headerEntity,
      fields: headerEntity.fields.map((f) =>
        f.name === 'status' ? { ...f, serverOnly: undefined } : f,
      ) as EntityDef['fields'],
    };
    const built = buildFormSchema({
      page: editPage,
      entities: { ...entities, [headerEntity.name]: designed },
      language: 'EN',
    });
    const designedFields = props(props(built).section0);
    expect(designedFields.status['x-read-pretty']).toBe(true);
    expect(designedFields.urgentFlag['x-read-pretty']).toBeUndefined();
  });

  it('carries validation from the field metadata', () => {
    expect(fields.title['x-validator']).toContainEqual({ required: true, message: 'required' });
    const email = fields.contactEmail['x-validator'] as Array<{ validator: (v: unknown) => string }>;
    expect(email.map((rule) => rule.validator('nope')).filter(Boolean)).toContain('e-mail format error');
  });

  it('adds a LineGrid for each FormLines with the child entity fields as cells', () => {
    const lines = props(schema).lines;
    expect(lines.type).toBe('array');
    expect(lines['x-component']).toBe('LineGrid');
    const gridProps = lines['x-component-props'] as {
      title: string;
      lineNumField: string;
      columns: Array<{ key: string; required: boolean }>;
    };
    expect(gridProps.title).toBe('Lines');
    expect(gridProps.lineNumField).toBe('lineNum');
    expect(gridProps.columns.map((c) => [c.key, c.required])).toEqual([
      ['lineNum', false],
      ['itemCode', true],
      ['quantity', false],
      ['unitPrice', false],
    ]);
    const cells = props(lines.items as ISchema);
    expect(cells.itemCode['x-decorator']).toBe('LineCell');
    expect(cells.lineNum['x-read-pretty']).toBe(true);
    expect(cells.quantity['x-component-props']).toMatchObject({ stringMode: true, precision: 3 });
  });

  it('shows a field another kind of user writes read-pretty, and fixed lines without add or delete', () => {
    const header = entities[editPage.entity!];
    const child = header.children![0];
    const lineEntity = entities[child.entity];
    const writtenBy = (name: string, by: 'INSIDE' | 'EX') => (f: FieldDef) =>
      f.name === name ? { ...f, writableBy: by } : f;
    const changed = {
      ...entities,
      [header.name]: {
        ...header,
        fields: header.fields.map(writtenBy('title', 'INSIDE')),
        children: [{ ...child, fixedLines: true }],
      },
      [lineEntity.name]: { ...lineEntity, fields: lineEntity.fields.map(writtenBy('quantity', 'EX')) },
    } as typeof entities;
    const build = (userType: string) =>
      buildFormSchema({ page: editPage, entities: changed, language: 'EN', userType });
    const asSupplier = build('EX_ADMIN');
    expect(props(props(asSupplier).section0).title['x-read-pretty']).toBe(true);
    expect(props(props(asSupplier).lines.items as ISchema).quantity['x-read-pretty']).toBeUndefined();
    const asBuyer = build('INSIDE');
    expect(props(props(asBuyer).section0).title['x-read-pretty']).toBeUndefined();
    expect(props(props(asBuyer).lines.items as ISchema).quantity['x-read-pretty']).toBe(true);
    expect(props(asBuyer).lines['x-component-props']).toMatchObject({ fixed: true });
    expect(props(schema).lines['x-component-props']).not.toHaveProperty('fixed');
  });

  it('labels follow the language', () => {
    const cn = buildFormSchema({ page: editPage, entities, language: 'CN' });
    expect(props(props(cn).section0).title.title).toBe('标题');
  });

  it('without form sections, shows every user field (no keys, audit or versionNum)', () => {
    const names = formSections({ ...editPage, form: undefined }, headerEntity)[0].fields;
    expect(names).not.toContain('requisitionHeaderId');
    expect(names).not.toContain('versionNum');
    expect(names).toContain('title');
  });
});

describe('componentForField', () => {
  const make = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
    name: 'x',
    type,
    label: { cn: 'x', en: 'x' },
    ...extra,
  });
  it('covers every field type', () => {
    expect(componentForField(make('string')).component).toBe('Input');
    expect(componentForField(make('integer')).props).toMatchObject({ precision: 0 });
    expect(componentForField(make('decimal', { scale: 4 })).props).toMatchObject({ stringMode: true, precision: 4 });
    const money = componentForField(make('money', { scale: 2 })).props as {
      formatter: ReturnType<typeof moneyFormatter>;
      parser: typeof moneyParser;
    };
    expect(money.formatter('1234567.5', { userTyping: false, input: '' })).toBe('1,234,567.50');
    expect(money.formatter('1234.', { userTyping: true, input: '1234.' })).toBe('1234.');
    // Formily's read-pretty NumberPicker hands over String(undefined) for a new record's empty total.
    expect(money.formatter('undefined', { userTyping: false, input: '' })).toBe('');
    expect(money.formatter('null', { userTyping: false, input: '' })).toBe('');
    expect(money.parser('1,234,567.50')).toBe('1234567.50');
    expect(componentForField(make('quantity')).component).toBe('NumberPicker');
    const plain = componentForField(make('quantity', { scale: 4 })).props as {
      formatter: ReturnType<typeof quantityFormatter>;
    };
    expect(plain.formatter('10000.0000', { userTyping: false, input: '' })).toBe('10000');
    const quantity = componentForField(make('quantity', { scale: 4 }), { thousands: true }).props as {
      formatter: ReturnType<typeof quantityFormatter>;
      parser: typeof moneyParser;
    };
    expect(quantity.formatter('10000.0000', { userTyping: false, input: '' })).toBe('10,000');
    expect(quantity.formatter('9980.5000', { userTyping: false, input: '' })).toBe('9,980.5');
    expect(quantity.formatter('10.0', { userTyping: true, input: '10.0' })).toBe('10.0');
    expect(quantity.formatter('1200', { userTyping: false, input: '' })).toBe('1,200');
    expect(quantity.parser('9,980.5')).toBe('9980.5');
    expect(componentForField(make('datetime')).props).toMatchObject({ showTime: true, format: 'YYYY-MM-DD HH:mm:ss' });
    expect(componentForField(make('attachment'))).toEqual({ component: 'Attachment', props: {} });
    expect(componentForField(make('json')).component).toBe('Input.TextArea');
    expect(componentForField(make('string'), { widget: 'MyWidget' }).component).toBe('MyWidget');
  });
});
