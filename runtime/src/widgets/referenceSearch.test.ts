import { describe, expect, it } from 'vitest';
import type { EntityDef, FieldDef } from '../meta';
import { referenceTarget } from '../schema/fieldComponent';
import { createFakeProvider } from '../test/fakeProvider';
import { searchFilter, searchReferences } from './referenceSearch';

const label = { cn: '物料', en: 'Item' };
const item: EntityDef = {
  kind: 'entity',
  name: 'srmBaseMaterialItem',
  area: 'srmServer',
  table: 'item',
  label,
  primaryKey: 'itemId',
  displayField: 'itemName',
  fields: [
    { name: 'itemId', type: 'integer', label },
    { name: 'itemCode', type: 'string', label, unique: true },
    { name: 'itemName', type: 'string', label },
    { name: 'itemNameEn', type: 'string', label },
  ],
};
const itemField: FieldDef = {
  name: 'itemId',
  type: 'reference',
  label,
  reference: {
    entity: 'srmBaseMaterialItem',
    labelField: 'itemName',
    filter: { field: 'enabledFlag', op: 'eq', value: 'Y' },
  },
};

describe('a reference picker searches code and name', () => {
  const target = referenceTarget(itemField, { srmBaseMaterialItem: item })!;

  it("matches the typed text against the label in both languages and the target's code", () => {
    expect(target.searchFields).toEqual(['itemName', 'itemNameEn', 'itemCode']);
    const like = (field: string) => ({ field, op: 'like', value: '1001' });
    expect(searchFilter(target, ' 1001 ', target.filter)).toEqual({
      and: [{ or: [like('itemName'), like('itemNameEn'), like('itemCode')] }, target.filter],
    });
  });

  it('no text: only the declared filter; no search fields: the label field alone', () => {
    expect(searchFilter(target, '  ', target.filter)).toEqual(target.filter);
    const bare = { ...target, searchFields: undefined, filter: undefined };
    expect(searchFilter(bare, '螺钉', undefined)).toEqual({ field: 'itemName', op: 'like', value: '螺钉' });
  });

  it('sends the search to the target and offers its rows by label', async () => {
    const provider = createFakeProvider({
      listByPage: async () => ({
        rows: [{ itemId: 1, itemCode: '1001000012', itemName: '螺钉' }],
        page: { count: 1, pageIndex: 1, pageRows: 20 },
      }),
    });
    const page = await searchReferences(provider, target, { text: '1001000012', filter: target.filter });
    expect(page.options).toEqual([{ value: 1, label: '螺钉' }]);
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'srmBaseMaterialItem', area: 'srmServer' },
      expect.objectContaining({ filter: searchFilter(target, '1001000012', target.filter) }),
    );
  });
});
