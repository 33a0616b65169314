import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataRecord, EntityDef, PageDef } from '../../meta';
import { EditPage } from '../../pages/EditPage';
import { createFakeProvider } from '../../test/fakeProvider';
import { editPage, entities as baseEntities } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { numberLines } from './useLinePick';

/**
 * FormLines.pick on the fixture requisition: "从收货添加" opens receipts of the header's organisation
 * (listByPage of the source with the resolved filter, the rows already on the document left out),
 * and OK appends the chosen rows as mapped lines that the save sends.
 */
const receiptEntity: EntityDef = {
  kind: 'entity',
  metaVersion: 1,
  name: 'srmPurReceiptTransaction',
  area: 'srmServer',
  table: 'srm_pur_receipt_transaction',
  label: { cn: '收货事务', en: 'Receipt transaction' },
  primaryKey: 'transactionId',
  displayField: 'transactionNumber',
  fields: [
    { name: 'transactionId', type: 'integer', label: { cn: '事务ID', en: 'Id' } },
    { name: 'transactionNumber', type: 'string', label: { cn: '事务编号', en: 'Receipt no.' } },
    { name: 'orgId', type: 'integer', label: { cn: '组织', en: 'Org' } },
    { name: 'itemCode', type: 'string', label: { cn: '物料编码', en: 'Item code' } },
    { name: 'quantity', type: 'quantity', label: { cn: '数量', en: 'Quantity' }, scale: 4 },
  ],
} as EntityDef;

const entities: Record<string, EntityDef> = structuredClone(baseEntities);
entities.srmPurRequisitionLine.fields.push({
  name: 'transactionId',
  type: 'integer',
  label: { cn: '收货', en: 'Receipt' },
});
entities.srmPurReceiptTransaction = receiptEntity;

const page: PageDef = structuredClone(editPage);
page.form!.lines![0].pick = {
  entity: 'srmPurReceiptTransaction',
  label: { cn: '从收货添加', en: 'Add from receipts' },
  resourceCode: 'btnAddFromReceipt',
  grid: { columns: [{ key: 'transactionNumber' }, { key: 'itemCode' }, { key: 'quantity' }] },
  filter: { field: 'orgId', op: 'eq', value: '$form.orgId' },
  map: { transactionId: 'transactionId', itemCode: 'itemCode', quantity: 'quantity' },
  key: 'transactionId',
};

const receipts = [
  { transactionId: 7, transactionNumber: 'RCV7', orgId: 5, itemCode: 'R-007', quantity: '3.0000' },
  { transactionId: 8, transactionNumber: 'RCV8', orgId: 5, itemCode: 'R-008', quantity: '4.0000' },
];

function setup(record: DataRecord, resources = ['btnSave', 'btnAddFromReceipt']) {
  const provider = createFakeProvider({
    findById: async () => structuredClone(record),
    findByMenuResp: async () => resources.map((resourceCode) => ({ resourceCode })),
    listByPage: async () => ({ rows: structuredClone(receipts), page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    saveOrUpdate: async (_entity: unknown, values: DataRecord) => ({ ...values, versionNum: 5 }),
  });
  renderWithApp(<EditPage page={page} entities={entities} />, {
    provider,
    url: '/main/purRequisitionManage/purRequisitionEdit?id=1',
  });
  return provider;
}

const record = (orgId: number | null): DataRecord => ({
  requisitionHeaderId: 1,
  requisitionNumber: 'PR1',
  title: '办公用品',
  orgId,
  orgName: orgId ? '苏州一厂' : null,
  status: 'DRAFT',
  versionNum: 4,
  lines: [{ requisitionLineId: 21, lineNum: 1, itemCode: 'A-001', quantity: '2.000', transactionId: 9, versionNum: 1 }],
});
const grid = () => screen.getByRole('region', { name: '申请行' });

describe('adding lines from another document', () => {
  it('shows no button without the pick’s resource', async () => {
    setup(record(5), ['btnSave']);
    await screen.findByText('A-001');
    // The grants have loaded once Save shows.
    await screen.findByRole('button', { name: '保存' });
    expect(within(grid()).queryByRole('button', { name: /从收货添加/ })).toBeNull();
  });

  it('names the header values the filter still needs, and searches nothing', async () => {
    const provider = setup(record(null));
    await screen.findByText('A-001');
    fireEvent.click(await within(grid()).findByRole('button', { name: /从收货添加/ }));
    const modal = await screen.findByTestId('line-pick-srmPurReceiptTransaction');
    expect(within(modal).getByText('请先填写：组织')).toBeTruthy();
    expect(provider.listByPage).not.toHaveBeenCalled();
  });

  it('lists the source with the header’s values, and appends the chosen rows as lines that the save sends', async () => {
    const provider = setup(record(5));
    await screen.findByText('A-001');
    fireEvent.click(await within(grid()).findByRole('button', { name: /从收货添加/ }));
    const modal = await screen.findByTestId('line-pick-srmPurReceiptTransaction');
    await within(modal).findByText('RCV7');
    const [entity, query] = provider.listByPage.mock.calls[0] as unknown as [EntityDef, DataRecord];
    expect(entity.name).toBe('srmPurReceiptTransaction');
    expect(query.filter).toEqual({
      and: [
        { field: 'orgId', op: 'eq', value: 5 },
        { field: 'transactionId', op: 'nin', value: [9] },
      ],
    });
    const ok = screen.getByRole('button', { name: /添加所选/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(modal).getByRole('checkbox', { name: '选择 RCV8' }));
    fireEvent.click(screen.getByRole('button', { name: '添加所选（1）' }));
    await within(grid()).findByText('R-008');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalled());
    const lines = provider.saveOrUpdate.mock.calls[0][1].lines as DataRecord[];
    expect(lines.map((l) => [l.transactionId, l.itemCode, l.lineNum])).toEqual([
      [9, 'A-001', 1],
      [8, 'R-008', 2],
    ]);
  });
});

describe('numberLines', () => {
  it('numbers new lines after the largest number so far, and leaves them alone without a number field', () => {
    expect(numberLines([{ a: 1 }, { a: 2 }], [{ lineNum: 4 }, { lineNum: 2 }], 'lineNum')).toEqual([
      { a: 1, lineNum: 5 },
      { a: 2, lineNum: 6 },
    ]);
    expect(numberLines([{ a: 1 }], [], undefined)).toEqual([{ a: 1 }]);
  });
});
