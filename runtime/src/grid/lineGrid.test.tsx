import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import type { DataRecord, PageDef } from '../meta';
import { EditPage } from '../pages/EditPage';
import { removalOrder } from '../widgets/LineGrid';
import { createFakeProvider } from '../test/fakeProvider';
import { editPage, entities } from '../test/fixtures';

/** Line grids of an edit page (FormLines on the shared DataGrid): edit rules, delete, number rules. */
const lines = [
  { requisitionLineId: 21, lineNum: 1, itemCode: 'A-001', quantity: '2.000', unitPrice: '10.00', versionNum: 1 },
  {
    requisitionLineId: 22,
    lineNum: 2,
    itemCode: 'A-002',
    quantity: '8.000',
    unitPrice: '10.00',
    versionNum: 1,
    editFlag: 'N',
  },
];
const record: DataRecord = {
  requisitionHeaderId: 1,
  requisitionNumber: 'PR1',
  title: '办公用品',
  status: 'DRAFT',
  versionNum: 4,
  lines,
};

/** The fixture's lines with min/max/precision on quantity. */
const page: PageDef = structuredClone(editPage);
page.form!.lines![0].grid.columns[2] = { key: 'quantity', editType: 'number', min: 1, max: 100, precision: 2 };
page.form!.lines![0].grid.selection = true;

function setup(withEntities = entities) {
  const provider = createFakeProvider({
    findById: async () => structuredClone(record),
    findByMenuResp: async () => [{ resourceCode: 'btnSave' }],
    saveOrUpdate: async (_entity: unknown, values: DataRecord) => ({ ...values, versionNum: 5 }),
  });
  renderWithApp(<EditPage page={page} entities={withEntities} />, {
    provider,
    url: '/main/purRequisitionManage/purRequisitionEdit?id=1',
  });
  return provider;
}

const grid = () => screen.getByRole('region', { name: '申请行' });

describe('line grid', () => {
  it('edits the clicked row only where the row rule allows (editFlag N stays read-only)', async () => {
    setup();
    await screen.findByText('A-001');
    fireEvent.click(within(grid()).getByText('A-002'));
    expect(within(grid()).queryAllByRole('textbox', { name: '物料编码' })).toHaveLength(0);
    fireEvent.click(within(grid()).getByText('A-001'));
    expect(within(grid()).getAllByRole('textbox', { name: '物料编码' })).toHaveLength(1);
  });

  it('refuses a quantity outside min/max and keeps the save from going out', async () => {
    const provider = setup();
    await screen.findByText('A-001');
    fireEvent.click(within(grid()).getByText('A-001'));
    const quantity = within(grid()).getByRole('spinbutton', { name: '数量' });
    fireEvent.change(quantity, { target: { value: '500' } });
    fireEvent.blur(quantity);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(within(grid()).getAllByRole('alert').length).toBeGreaterThan(0));
    expect(provider.saveOrUpdate).not.toHaveBeenCalled();
  });

  it('deleting the last row leaves an empty grid and saves no lines', async () => {
    const provider = setup();
    await screen.findByText('A-001');
    fireEvent.click(within(grid()).getByRole('button', { name: '删除行 2' }));
    fireEvent.click(within(grid()).getByRole('button', { name: '删除行 1' }));
    await waitFor(() => expect(within(grid()).queryByText('A-001')).toBeNull());
    await within(grid()).findByText('暂无行数据');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalled());
    expect(provider.saveOrUpdate.mock.calls[0][1].lines).toEqual([]);
  });

  it('fixed lines (children[].fixedLines) are edited in place: no add, no delete, no selection', async () => {
    const header = entities[page.entity!];
    setup({ ...entities, [header.name]: { ...header, children: [{ ...header.children![0], fixedLines: true }] } });
    await screen.findByText('A-001');
    fireEvent.click(within(grid()).getByText('A-001'));
    expect(within(grid()).getAllByRole('textbox', { name: '物料编码' })).toHaveLength(1);
    expect(within(grid()).queryByRole('button', { name: /新增行/ })).toBeNull();
    expect(within(grid()).queryByRole('button', { name: '删除行 1' })).toBeNull();
    expect(within(grid()).queryByRole('button', { name: /删除选中行/ })).toBeNull();
    expect(within(grid()).queryByRole('checkbox', { name: '选择行 1' })).toBeNull();
  });

  it('with selection, deletes the selected rows together and saves the rest', async () => {
    const provider = setup();
    await screen.findByText('A-001');
    const deleteSelected = within(grid()).getByRole('button', { name: /删除选中行/ });
    expect((deleteSelected as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(grid()).getByRole('checkbox', { name: '选择行 1' }));
    expect((deleteSelected as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(deleteSelected);
    await waitFor(() => expect(within(grid()).queryByText('A-001')).toBeNull());
    expect(within(grid()).getByText('A-002')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalled());
    expect(provider.saveOrUpdate.mock.calls[0][1].lines.map((l: DataRecord) => l.itemCode)).toEqual(['A-002']);
  });
});

describe('removal order of selected rows', () => {
  it('goes from the last index to the first, once each', () => {
    expect(removalOrder(['0', '2', '2', 1])).toEqual([2, 1, 0]);
  });
});

describe('line grid numbers', () => {
  it('right-aligns number columns and shows quantities without padded zeros', async () => {
    setup();
    const first = await screen.findByText('A-001');
    const row = first.closest('tr')!;
    const quantity = within(row).getByText('2');
    expect(quantity.closest('td')!.style.textAlign).toBe('right');
    expect(within(grid()).getByText('A-001').closest('td')!.style.textAlign).not.toBe('right');
  });
});
