import { describe, expect, it } from 'vitest';
import { entities, headerEntity, listPage } from '../test/fixtures';
import { describeColumns } from './columnDescriptor';
import { formatCellText } from './cellValue';
import { buildGridColumns, orderByFromSorter } from './gridColumns';

describe('grid columns from GridConfig', () => {
  const descriptors = describeColumns(listPage.grid, headerEntity, 'EN');

  it('titles by language, hidden columns dropped, fixedStyle → fixed, sortable by default', () => {
    const columns = buildGridColumns(descriptors);
    expect(columns.map((c) => c.title)).toEqual([
      'Requisition number',
      'Title',
      'Organization',
      'Status',
      'Total amount',
      'Urgent',
    ]);
    expect(columns[0].fixed).toBe('left');
    expect(columns.every((c) => c.sorter === true)).toBe(true);
    const cn = buildGridColumns(describeColumns(listPage.grid, headerEntity, 'CN'));
    expect(cn[0].title).toBe('申请单号');
  });

  it('sortable false and column titles override the field', () => {
    const [column] = describeColumns(
      { columns: [{ key: 'title', sortable: false, title: { cn: '名', en: 'Name' } }] },
      headerEntity,
      'EN',
    );
    expect(buildGridColumns([column])[0]).toMatchObject({ sorter: false, title: 'Name' });
  });

  it('formats money with separators and scale, and shows the reference label', () => {
    const money = descriptors.find((c) => c.key === 'totalAmount')!;
    expect(formatCellText(money, '1234567.5')).toBe('1,234,567.50');
    const org = descriptors.find((c) => c.key === 'orgId')!;
    expect(org.displayKey).toBe('orgName');
    expect(formatCellText(org, 11, { orgId: 11, orgName: '上海工厂' })).toBe('上海工厂');
  });

  it("shows a polymorphic reference's document and type by the labels its row carries", () => {
    const node = {
      ...headerEntity,
      name: 'node',
      fields: [
        { name: 'sourceDocType', label: { cn: '类型', en: 'Type' }, type: 'string' },
        {
          name: 'sourceDocId',
          label: { cn: '单据', en: 'Document' },
          type: 'integer',
          polymorphic: {
            typeField: 'sourceDocType',
            entities: ['srmPurRequisitionHeader'],
            labelAs: 'sourceDocLabel',
            typeLabelAs: 'sourceDocTypeLabel',
          },
        },
      ],
    } satisfies typeof headerEntity;
    const [type, id] = describeColumns({ columns: [{ key: 'sourceDocType' }, { key: 'sourceDocId' }] }, node, 'CN');
    const row = {
      sourceDocType: 'srmPurRequisitionHeader',
      sourceDocId: 8,
      sourceDocLabel: 'PR1',
      sourceDocTypeLabel: '采购申请',
    };
    expect([formatCellText(type, row.sourceDocType, row), formatCellText(id, row.sourceDocId, row)]).toEqual([
      '采购申请',
      'PR1',
    ]);
  });

  it('decimals get separators only when the page asks, and never the zeros their scale pads', () => {
    const [plain, grouped] = describeColumns(
      { columns: [{ key: 'quantity' }, { key: 'quantity', showThousandSeparator: true, precision: 1 }] },
      entities.srmPurRequisitionLine,
      'EN',
    );
    expect(formatCellText(plain, '12345.5')).toBe('12345.5');
    expect(formatCellText(plain, '12345.5000')).toBe('12345.5');
    expect(formatCellText(grouped, '12345.55')).toBe('12,345.6');
  });

  it('turns antd sorters into orderBy', () => {
    expect(orderByFromSorter({ field: 'title', order: 'ascend' })).toBe('title asc');
    expect(orderByFromSorter({ columnKey: 'title', order: 'descend' })).toBe('title desc');
    expect(orderByFromSorter({ field: 'title', order: undefined })).toBeUndefined();
    expect(orderByFromSorter([{ field: 'a', order: 'descend' }])).toBe('a desc');
  });
});
