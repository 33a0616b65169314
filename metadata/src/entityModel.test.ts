import { describe, expect, it } from 'vitest';
import { EntityModel, referenceLabelField } from './entityModel';
import type { EntityDef, FieldDef } from './generated/meta-model';
import { AUDIT_FIELD_NAMES, isWritableFromBody, primaryKeyField, resolveFields, VERSION_FIELD } from './systemFields';

const label = (en: string) => ({ cn: en, en });
const f = (name: string, type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type,
  label: label(name),
  ...extra,
});

const supplier: EntityDef = {
  kind: 'entity',
  name: 'srmSlcSupplierInfo',
  area: 'srmServer',
  table: 'srm_slc_supplier_info',
  label: { cn: '供应商', en: 'Supplier' },
  primaryKey: 'supplierId',
  statusField: 'status',
  children: [{ name: 'contacts', entity: 'srmSlcSupplierContact', foreignKey: 'supplierId' }],
  fields: [
    f('supplierCode', 'string', { required: true }),
    f('supplierName', 'string'),
    f('erpVendorNo', 'string', { column: 'erp_vendor' }),
    f('status', 'lookup', { lookupType: 'SUPPLIER_STATUS', serverOnly: true }),
    f('passwordHash', 'string', { secret: true }),
    f('oldCode', 'string', { retired: true }),
    f('extraInfo', 'json'),
    f('internalNote', 'text', { filterable: false }),
    f('documentNo', 'string', { generated: 'documentNumber' }),
  ],
};

describe('resolveFields / system fields', () => {
  const fields = resolveFields(supplier);

  it('puts the primary key first, then the declared fields, then audit fields and versionNum', () => {
    expect(fields.map((x) => x.name)).toEqual([
      'supplierId',
      ...supplier.fields.map((x) => x.name),
      ...AUDIT_FIELD_NAMES,
      VERSION_FIELD,
    ]);
    expect(AUDIT_FIELD_NAMES).toEqual(['createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate']);
  });

  it('resolves columns: explicit column wins, otherwise snake_case of the name', () => {
    const column = Object.fromEntries(fields.map((x) => [x.name, x.column]));
    expect(column).toMatchObject({
      supplierId: 'supplier_id',
      supplierCode: 'supplier_code',
      erpVendorNo: 'erp_vendor',
      createdBy: 'created_by',
      creationDate: 'creation_date',
      lastUpdatedBy: 'last_updated_by',
      lastUpdateDate: 'last_update_date',
      versionNum: 'version_num',
    });
  });

  it('marks the platform fields with their role and types', () => {
    const byName = new Map(fields.map((x) => [x.name, x]));
    expect(byName.get('supplierId')).toMatchObject({ type: 'integer', system: 'primaryKey' });
    expect(byName.get('creationDate')).toMatchObject({ type: 'datetime', system: 'audit' });
    expect(byName.get('createdBy')).toMatchObject({ type: 'integer', system: 'audit' });
    expect(byName.get('versionNum')).toMatchObject({ type: 'integer', system: 'version' });
    expect(byName.get('supplierCode')!.system).toBeUndefined();
    expect(primaryKeyField(supplier)).toMatchObject({ name: 'supplierId', column: 'supplier_id' });
  });

  it('does not share the audit field objects between entities', () => {
    const a = resolveFields(supplier);
    const b = resolveFields(supplier);
    expect(a.at(-1)).not.toBe(b.at(-1));
    expect(supplier.fields[0]).not.toHaveProperty('column'); // the def itself is not mutated
  });

  it('gives a reference without labelAs one ({name}Label), keeps a declared one and leaves the def alone', () => {
    const entity: EntityDef = {
      ...supplier,
      fields: [
        f('personId', 'reference', { reference: { entity: 'basePerson', labelField: 'personName' } }),
        f('orgId', 'reference', { reference: { entity: 'baseOrganization', labelAs: 'orgName' } }),
      ],
    };
    const byName = new Map(resolveFields(entity).map((x) => [x.name, x]));
    expect(byName.get('personId')!.reference).toEqual({
      entity: 'basePerson',
      labelField: 'personName',
      labelAs: 'personIdLabel',
    });
    expect(byName.get('orgId')!.reference!.labelAs).toBe('orgName');
    expect(entity.fields[0].reference).not.toHaveProperty('labelAs');
  });

  it('only declared, non-server, non-generated, non-secret, non-retired fields are writable from a body', () => {
    const writable = fields.filter(isWritableFromBody).map((x) => x.name);
    expect(writable).toEqual(['supplierCode', 'supplierName', 'erpVendorNo', 'extraInfo', 'internalNote']);
  });
});

describe('EntityModel', () => {
  const model = new EntityModel(supplier);

  it('exposes the def and indexes fields by name', () => {
    expect(model.name).toBe('srmSlcSupplierInfo');
    expect(model.area).toBe('srmServer');
    expect(model.table).toBe('srm_slc_supplier_info');
    expect(model.primaryKey).toBe('supplierId');
    expect(model.statusField).toBe('status');
    expect(model.children).toEqual(supplier.children);
    expect(model.source).toBe('file');
    expect(new EntityModel(supplier, 'db').source).toBe('db');
    expect(model.field('lastUpdateDate')?.column).toBe('last_update_date');
    expect(model.field('nope')).toBeUndefined();
    expect(new EntityModel({ ...supplier, children: undefined }).children).toEqual([]);
  });

  it('readableFields leave out secret and retired fields', () => {
    const names = model.readableFields.map((x) => x.name);
    expect(names).not.toContain('passwordHash');
    expect(names).not.toContain('oldCode');
    expect(names).toContain('supplierId');
    expect(names).toContain('versionNum');
    expect(names).toHaveLength(model.fields.length - 2);
  });

  it('isFilterable is false for secret, retired, json, filterable:false and unknown fields', () => {
    expect(model.isFilterable('supplierCode')).toBe(true);
    expect(model.isFilterable('status')).toBe(true);
    expect(model.isFilterable('supplierId')).toBe(true);
    expect(model.isFilterable('creationDate')).toBe(true);
    expect(model.isFilterable('passwordHash')).toBe(false);
    expect(model.isFilterable('oldCode')).toBe(false);
    expect(model.isFilterable('extraInfo')).toBe(false);
    expect(model.isFilterable('internalNote')).toBe(false);
    expect(model.isFilterable('missing')).toBe(false);
  });

  it('toClientDef appends system fields, drops secret and retired ones and every column property', () => {
    const client = model.toClientDef();
    const names = client.fields.map((x) => x.name);
    expect(names[0]).toBe('supplierId');
    expect(names.slice(-5)).toEqual([...AUDIT_FIELD_NAMES, VERSION_FIELD]);
    expect(names).not.toContain('passwordHash');
    expect(names).not.toContain('oldCode');
    for (const field of client.fields) expect(field).not.toHaveProperty('column');
    expect(client.fields.find((x) => x.name === 'erpVendorNo')).toMatchObject({
      type: 'string',
      label: label('erpVendorNo'),
    });
    expect(client).toMatchObject({ name: supplier.name, primaryKey: 'supplierId', children: supplier.children });
    expect(supplier.fields.map((x) => x.name)).toContain('passwordHash'); // the original def is untouched
  });
});

describe('referenceLabelField', () => {
  const target = { fields: [{ name: 'orgName' }, { name: 'orgNameEn' }, { name: 'orgCode' }], displayField: 'orgCode' };
  it('uses {labelField}En in English when the target has it, the label field otherwise', () => {
    expect(referenceLabelField({ labelField: 'orgName' }, target, 'EN')).toBe('orgNameEn');
    expect(referenceLabelField({ labelField: 'orgName' }, target, 'CN')).toBe('orgName');
    expect(referenceLabelField({ labelField: 'orgCode' }, target, 'EN')).toBe('orgCode');
    expect(referenceLabelField({}, target, 'EN')).toBe('orgCode');
    expect(referenceLabelField({ labelField: 'orgName', labelFieldEn: 'orgCode' }, target, 'EN')).toBe('orgCode');
  });
});
