import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { describeColumn, type ColumnDescriptor } from './columnDescriptor';
import { TYPE_WIDTHS, widthByType } from './columnWidth';
import { keyColumnsFirst, pickFilledKeys } from './lineColumnOrder';

const label = { cn: '列', en: 'Column' };
const line: EntityDef = {
  kind: 'entity',
  name: 'line',
  area: 'srmServer',
  table: 'line',
  label,
  primaryKey: 'lineId',
  fields: [
    { name: 'lineNum', type: 'integer', label },
    {
      name: 'itemId',
      type: 'reference',
      label,
      reference: { entity: 'item', copyFields: { itemCode: 'itemCode', uomCode: 'primaryUomCode', gone: 'x' } },
    },
    { name: 'itemCode', type: 'string', label },
    { name: 'uomCode', type: 'lookup', lookupType: 'BASE_UOM', label },
    { name: 'quantity', type: 'quantity', label },
    { name: 'status', type: 'lookup', lookupType: 'S', label },
  ],
};
const column = (key: string, width?: number, ellipsis?: boolean): ColumnDescriptor =>
  describeColumn({ key, width, ...(ellipsis !== undefined && { ellipsis }) }, line, 'CN')!;

describe('column widths by field type', () => {
  it('a declared width is the most a column takes, up to what its type needs', () => {
    expect(widthByType('lookup', 170)).toEqual({ width: TYPE_WIDTHS.lookup, narrowed: true });
    expect(widthByType('lookup', 80)).toEqual({ width: 80, narrowed: false });
    expect(widthByType('lookup', undefined)).toEqual({ width: undefined, narrowed: false });
    expect(widthByType('attachment', 300)).toEqual({ width: 300, narrowed: false });
  });

  it('a narrowed column shows its text with an ellipsis unless the page says otherwise', () => {
    expect(column('status', 170)).toMatchObject({ width: 90, ellipsis: true });
    expect(column('status', 80)).toMatchObject({ width: 80, ellipsis: false });
    expect(column('status', 170, false)).toMatchObject({ width: 90, ellipsis: false });
  });
});

describe('key columns first in a line grid', () => {
  it('moves the columns a pick fills after the columns the user enters, in their order', () => {
    const columns = ['lineNum', 'itemId', 'itemCode', 'uomCode', 'quantity', 'status'].map((key) => column(key));
    expect([...pickFilledKeys(columns)]).toEqual(['itemCode', 'uomCode']);
    expect(keyColumnsFirst(columns).map((c) => c.key)).toEqual([
      'lineNum',
      'itemId',
      'quantity',
      'status',
      'itemCode',
      'uomCode',
    ]);
  });

  it('a grid without a copying pick keeps its order', () => {
    const columns = ['lineNum', 'itemCode', 'quantity'].map((key) => column(key));
    expect(keyColumnsFirst(columns)).toBe(columns);
  });
});
