import { createForm, type Form } from '@formily/core';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataProviderContext } from '../core/DataProviderContext';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { createFakeProvider, type FakeProvider } from '../test/fakeProvider';
import { copyingFields, copyPicked, useReferenceCopies } from './useReferenceCopies';

const label = (cn: string) => ({ cn, en: cn });
const contact: EntityDef = {
  kind: 'entity',
  name: 'srmSlcSupplierContact',
  area: 'srmServer',
  table: 'c',
  label: label('联系人'),
  primaryKey: 'contactId',
  displayField: 'contactName',
  fields: [
    { name: 'contactId', type: 'integer', label: label('ID') },
    { name: 'contactName', type: 'string', label: label('姓名') },
    { name: 'mobile', type: 'string', label: label('手机') },
  ],
};
const changeLine: EntityDef = {
  kind: 'entity',
  name: 'srmSlcChangeContact',
  area: 'srmServer',
  table: 'l',
  label: label('变更行'),
  primaryKey: 'changeContactId',
  fields: [
    { name: 'changeContactId', type: 'integer', label: label('ID') },
    {
      name: 'sourceContactId',
      type: 'reference',
      label: label('原联系人'),
      reference: {
        entity: 'srmSlcSupplierContact',
        labelField: 'contactName',
        labelAs: 'sourceContactName',
        copyFields: { contactName: 'contactName', mobile: 'mobile' },
      },
    },
    { name: 'contactName', type: 'string', label: label('姓名') },
    { name: 'mobile', type: 'string', label: label('手机') },
  ],
};
const change: EntityDef = {
  kind: 'entity',
  name: 'srmSlcChangeInfo',
  area: 'srmServer',
  table: 'h',
  label: label('变更'),
  primaryKey: 'changeInfoId',
  fields: [{ name: 'changeInfoId', type: 'integer', label: label('ID') }],
  children: [{ name: 'contacts', entity: 'srmSlcChangeContact', foreignKey: 'changeInfoId' }],
};
const entities = { srmSlcSupplierContact: contact, srmSlcChangeContact: changeLine, srmSlcChangeInfo: change };
const page: PageDef = {
  kind: 'page',
  path: 'changeInfoEdit',
  type: 'edit',
  entity: 'srmSlcChangeInfo',
  title: label('变更'),
  form: {
    sections: [],
    lines: [
      { child: 'contacts', grid: { columns: [{ key: 'sourceContactId' }, { key: 'contactName' }, { key: 'mobile' }] } },
    ],
  },
};

const stored: DataRecord = { contactId: 41, contactName: '张伟', mobile: '13900000001' };

function Harness({ form }: { form: Form }) {
  useReferenceCopies(form, page, change, entities);
  return null;
}

function setup(): { form: Form; provider: FakeProvider } {
  const provider = createFakeProvider({
    listByPage: async (_entity: unknown, query: { filter?: DataRecord }) => ({
      rows: query.filter?.value === 41 ? [stored] : [],
      page: { count: 1, pageIndex: 1, pageRows: 1 },
    }),
  });
  const form = createForm({ values: { contacts: [{ sourceContactId: null, contactName: '', mobile: '' }] } });
  form.createArrayField({ name: 'contacts' });
  form.createField({ name: 'sourceContactId', basePath: 'contacts.0' });
  render(
    <DataProviderContext.Provider value={provider}>
      <Harness form={form} />
    </DataProviderContext.Provider>,
  );
  return { form, provider };
}

describe("copyFields: a pick brings the picked record's values along", () => {
  it('finds the copying fields of the header and of every line grid', () => {
    expect(copyingFields(page, change, entities).map((c) => [c.pattern, c.owner.name])).toEqual([
      ['contacts.*.sourceContactId', 'srmSlcChangeContact'],
    ]);
  });

  it('the user picking the original contact fills the line from it', async () => {
    const { form, provider } = setup();
    form
      .query('contacts.0.sourceContactId')
      .take((field) => void (field as unknown as { onInput(v: unknown): void }).onInput(41));
    await waitFor(() =>
      expect(form.values.contacts[0]).toMatchObject({
        sourceContactId: 41,
        contactName: '张伟',
        mobile: '13900000001',
      }),
    );
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'srmSlcSupplierContact', area: 'srmServer' },
      expect.objectContaining({ filter: { field: 'contactId', op: 'eq', value: 41 } }),
    );
  });

  it('a value set by loading a record copies nothing (what was stored stays)', async () => {
    const { form, provider } = setup();
    form.setValuesIn('contacts.0.sourceContactId', 41);
    form.setValuesIn('contacts.0.contactName', '张伟（新）');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(provider.listByPage).not.toHaveBeenCalled();
    expect(form.values.contacts[0].contactName).toBe('张伟（新）');
  });
});

const category: EntityDef = {
  kind: 'entity',
  name: 'srmBaseCategory',
  area: 'srmServer',
  table: 'cat',
  label: label('品类'),
  primaryKey: 'categoryId',
  displayField: 'categoryName',
  fields: [
    { name: 'categoryId', type: 'integer', label: label('ID') },
    { name: 'categoryName', type: 'string', label: label('品类') },
  ],
};
const item: EntityDef = {
  ...category,
  name: 'srmBaseMaterialItem',
  primaryKey: 'itemId',
  displayField: 'itemName',
  fields: [
    { name: 'itemId', type: 'integer', label: label('ID') },
    { name: 'itemCode', type: 'string', label: label('编码') },
    { name: 'categoryId', type: 'integer', label: label('品类') },
  ],
};
const requisitionLine: EntityDef = {
  ...category,
  name: 'srmPurRequisitionLine',
  primaryKey: 'requisitionLineId',
  fields: [
    {
      name: 'itemId',
      type: 'reference',
      label: label('物料'),
      reference: { entity: 'srmBaseMaterialItem', copyFields: { itemCode: 'itemCode', categoryId: 'categoryId' } },
    },
    { name: 'itemCode', type: 'string', label: label('编码') },
    {
      name: 'categoryId',
      type: 'reference',
      label: label('品类'),
      reference: { entity: 'srmBaseCategory', labelAs: 'categoryName' },
    },
  ],
};

describe('a copied value that is a reference itself', () => {
  it('comes with its label, so the copied category shows its name, not its id', async () => {
    const rows: Record<string, DataRecord> = {
      srmBaseMaterialItem: { itemId: 1, itemCode: '1001000012', categoryId: 2 },
      srmBaseCategory: { categoryId: 2, categoryName: '五金件' },
    };
    const provider = createFakeProvider({
      listByPage: async (target: { name: string }) => ({
        rows: [rows[target.name]],
        page: { count: 1, pageIndex: 1, pageRows: 1 },
      }),
    });
    const form = createForm({ values: { lines: [{ itemId: 1, itemCode: null, categoryId: null }] } });
    const all = { srmBaseCategory: category, srmBaseMaterialItem: item, srmPurRequisitionLine: requisitionLine };
    await copyPicked(
      form,
      provider,
      all,
      { field: requisitionLine.fields[0], owner: requisitionLine },
      'lines.0.itemId',
    );
    expect(form.values.lines[0]).toEqual({ itemId: 1, itemCode: '1001000012', categoryId: 2, categoryName: '五金件' });
  });

  it('a value the user changes while the picked row is read stays as the user set it', async () => {
    const form = createForm({ values: { lines: [{ itemId: 1, itemCode: null, categoryId: null }] } });
    let answer: () => void = () => undefined;
    const provider = createFakeProvider({
      listByPage: (target: { name: string }) =>
        new Promise((resolve) => {
          const rows: Record<string, DataRecord> = {
            srmBaseMaterialItem: { itemId: 1, itemCode: '1001000012', categoryId: 2 },
            srmBaseCategory: { categoryId: 2, categoryName: '五金件' },
          };
          const reply = () => resolve({ rows: [rows[target.name]], page: { count: 1, pageIndex: 1, pageRows: 1 } });
          if (target.name === 'srmBaseMaterialItem') answer = reply;
          else reply();
        }),
    });
    const all = { srmBaseCategory: category, srmBaseMaterialItem: item, srmPurRequisitionLine: requisitionLine };
    const copying = copyPicked(
      form,
      provider,
      all,
      { field: requisitionLine.fields[0], owner: requisitionLine },
      'lines.0.itemId',
    );
    form.setValuesIn('lines.0.categoryId', 7);
    await waitFor(() => expect(provider.listByPage).toHaveBeenCalled());
    answer();
    await copying;
    expect(form.values.lines[0]).toEqual({ itemId: 1, itemCode: '1001000012', categoryId: 7 });
  });
});
