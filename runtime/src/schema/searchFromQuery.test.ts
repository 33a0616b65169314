import { describe, expect, it } from 'vitest';
import { headerEntity } from '../test/fixtures';
import type { EntityDef } from '../meta';
import { searchValuesFromQuery } from './searchFromQuery';

const buttons: EntityDef = {
  ...headerEntity,
  fields: [...headerEntity.fields, { name: 'menuId', type: 'integer', label: { cn: '菜单', en: 'Menu' } }],
};

describe('searchValuesFromQuery', () => {
  it("pre-fills the search fields the query names, but never from the shell's menuId and respId", () => {
    const query = new URLSearchParams('menuId=23&respId=1&status=DRAFT&other=x');
    expect(
      searchValuesFromQuery([{ field: 'menuId' }, { field: 'respId' }, { field: 'status' }], query, buttons),
    ).toEqual({ status: 'DRAFT' });
  });
});
