import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../meta';
import { addLineEntity, draftBody, entityDocument, fieldDocument, newEntity, snakeCase } from './entityDraft';
import { drawnPath, placeError } from './draftErrors';
import { pageDocument, pageFormValues } from './pageDraft';
import { columnOf, generatePages } from './pageLayout';

describe('draft assembly', () => {
  it('keeps only the properties a field type uses, and leaves empty inputs out', () => {
    const changedType = {
      name: 'kind',
      type: 'string',
      length: 20,
      lookupType: 'BASE_CURRENCY',
      reference: { entity: 'x' },
      required: false,
      min: '',
    } as unknown as FieldDef;
    expect(fieldDocument(changedType)).toEqual({ name: 'kind', type: 'string', length: 20 });
    expect(
      fieldDocument({
        name: 'amount',
        type: 'money',
        precision: 20,
        scale: 2,
        length: 3,
        required: true,
        label: { cn: '金额', en: '' },
      } as FieldDef),
    ).toEqual({ name: 'amount', type: 'money', precision: 20, scale: 2, required: true, label: { cn: '金额' } });
  });

  it("returns a reference field's label under labelAs, which the generated column displays", () => {
    const org = fieldDocument({
      name: 'orgId',
      type: 'reference',
      reference: { entity: 'baseOrganization', labelField: 'orgName' },
      label: { cn: '公司', en: 'Company' },
    });
    expect(org.reference).toEqual({ entity: 'baseOrganization', labelField: 'orgName', labelAs: 'orgName' });
    expect(columnOf(org).displayKey).toBe('orgName');
  });

  it('defaults the table and primary key of a new entity, and builds the publish body', () => {
    const doc = entityDocument({
      name: 'srmDemoNote',
      area: 'srmServer',
      label: { cn: '备忘', en: 'Note' },
      fields: newEntity('x', { cn: 'x', en: 'x' }).fields,
    });
    expect(doc).toMatchObject({ kind: 'entity', metaVersion: 1, table: 'srm_demo_note', primaryKey: 'srmDemoNoteId' });
    expect(snakeCase('srmPurRequisitionHeader')).toBe('srm_pur_requisition_header');
    expect(
      draftBody(
        [
          { kind: 'entity', name: 'a', content: { a: 1 } },
          { kind: 'page', name: 'p', content: { p: 1 }, baseVersion: 2 },
        ],
        'first',
      ),
    ).toEqual({ documents: [{ content: { a: 1 } }, { content: { p: 1 }, baseVersion: 2 }], comment: 'first' });
  });

  it('adds a line entity carrying the header key, and the child naming it', () => {
    const { header, line } = addLineEntity(newEntity('srmDemoOrder', { cn: '单', en: 'Order' }));
    expect(header.children).toEqual([
      {
        name: 'lines',
        entity: 'srmDemoOrderLine',
        foreignKey: 'srmDemoOrderId',
        label: { cn: '单行', en: 'Order line' },
      },
    ]);
    expect(line).toMatchObject({
      parent: 'srmDemoOrder',
      table: 'srm_demo_order_line',
      primaryKey: 'srmDemoOrderLineId',
    });
    expect(line.fields[0]).toMatchObject({ name: 'srmDemoOrderId', type: 'integer' });
  });

  it('round-trips a page through the designer form: names and codes back to their objects', () => {
    const [list, , detail] = generatePages('demoNotes', newEntity('srmDemoNote', { cn: '备忘', en: 'Note' }), []);
    expect(pageDocument(pageFormValues(detail), detail)).toEqual(detail);
    const values = pageFormValues(list);
    expect(values.actionCodes).toEqual(['btnAdd', 'btnEdit', 'btnView', 'btnDelete']);
    const trimmed = pageDocument({ ...values, actionCodes: ['btnAdd', 'btnEdit'] }, list);
    expect(trimmed.actions!.map((a) => a.action)).toEqual(['create', 'edit']);
  });
});

describe('server errors on the designer', () => {
  it('places an error on the form item it names, or on the nearest one drawn', () => {
    expect(placeError({ field: 'entity:srmDemoNote#/fields/1', message: 'no lookupType' }, [])).toEqual({
      document: 'entity:srmDemoNote',
      path: ['fields', 1, 'name'],
      message: 'no lookupType',
    });
    expect(drawnPath('entity', '/fields/2/lookupType')).toEqual(['fields', 2, 'lookupType']);
    expect(drawnPath('entity', '/fields/2/reference')).toEqual(['fields', 2, 'reference', 'entity']);
    expect(drawnPath('page', '/grid/columns/0')).toEqual(['grid', 'columns', 0, 'key']);
    expect(drawnPath('page', '/widget')).toBeUndefined();
    expect(placeError({ field: '/documents/1/content/label', message: 'm' }, ['entity:a', 'page:p'])).toEqual({
      document: 'page:p',
      path: undefined,
      message: 'm',
    });
    expect(placeError({ field: '/documents/0/content/label', message: 'm' }, ['entity:a'])).toEqual({
      document: 'entity:a',
      path: ['label', 'cn'],
      message: 'm',
    });
    expect(placeError({ field: 'documents', message: 'empty' }, [])).toEqual({ message: 'empty' });
  });
});

describe('field validation rules', () => {
  const base = { label: { cn: '字段', en: 'Field' } };
  it('keeps the rules and validator a type takes, and drops the others', () => {
    expect(
      fieldDocument({
        ...base,
        name: 'mail',
        type: 'string',
        length: 100,
        validator: 'email',
        maxLength: 80,
        pattern: '^.+@.+$',
        min: 1,
      } as FieldDef),
    ).toEqual({
      ...base,
      name: 'mail',
      type: 'string',
      length: 100,
      validator: 'email',
      maxLength: 80,
      pattern: '^.+@.+$',
    });
    expect(
      fieldDocument({
        ...base,
        name: 'qty',
        type: 'quantity',
        validator: 'email',
        min: 0,
        max: 999,
        pattern: 'x',
      } as FieldDef),
    ).toEqual({ ...base, name: 'qty', type: 'quantity', min: 0, max: 999 });
    expect(
      fieldDocument({ ...base, name: 'ref', type: 'reference', default: '3', validator: 'integer' } as FieldDef),
    ).toEqual({ ...base, name: 'ref', type: 'reference' });
  });

  it('stores a default typed into a text box as the type does', () => {
    expect(fieldDocument({ ...base, name: 'n', type: 'integer', default: '5' } as FieldDef).default).toBe(5);
    expect(fieldDocument({ ...base, name: 'n', type: 'integer', default: 'five' } as FieldDef).default).toBe('five'); // the server names it
    expect(fieldDocument({ ...base, name: 'f', type: 'flag', default: 'Y' } as FieldDef).default).toBe('Y');
    expect(fieldDocument({ ...base, name: 's', type: 'string', default: '' } as FieldDef)).not.toHaveProperty(
      'default',
    );
  });
});
