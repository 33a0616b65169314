import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { ApiError } from '../core/apiError';
import { ScreenProvider } from '../core/DataProviderContext';
import { i18n } from '../i18n';
import type { DataRecord } from '../meta';
import { editPage, entities, statusLookup } from '../test/fixtures';
import { createFakeProvider, type FakeOverrides, type FakeProvider } from '../test/fakeProvider';
import { EditPage } from './EditPage';

const record: DataRecord = {
  requisitionHeaderId: 1,
  requisitionNumber: 'PR202601010001',
  title: '办公用品',
  orgId: 11,
  orgName: '上海工厂',
  status: 'DRAFT',
  totalAmount: '100.00',
  urgentFlag: 'N',
  versionNum: 4,
  lines: [
    { requisitionLineId: 21, lineNum: 1, itemCode: 'A-001', quantity: '2.000', unitPrice: '10.00', versionNum: 1 },
    { requisitionLineId: 22, lineNum: 2, itemCode: 'A-002', quantity: '8.000', unitPrice: '10.00', versionNum: 1 },
  ],
};

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.search}</div>;
}

function setup(url: string, overrides: FakeOverrides = {}) {
  const provider = createFakeProvider({
    findById: async () => structuredClone(record),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => [
      { resourceCode: 'btnSave', resourceName: 'save' },
      { resourceCode: 'btnSubmit', resourceName: 'submit' },
    ],
    saveOrUpdate: async (_entity: unknown, values: DataRecord) => ({
      ...values,
      requisitionHeaderId: values.requisitionHeaderId ?? 9,
      versionNum: Number(values.versionNum ?? 0) + 1,
    }),
    ...overrides,
  });
  render(
    <TestProviders provider={provider}>
      <MemoryRouter initialEntries={[url]}>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
          <Routes>
            <Route
              path="/main/*"
              element={
                <>
                  <EditPage page={editPage} entities={entities} />
                  <Location />
                </>
              }
            />
          </Routes>
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  return provider as FakeProvider;
}

const EDIT_URL = '/main/purRequisitionManage/purRequisitionEdit?id=1';
const titleBox = () => screen.getByRole('textbox', { name: '标题' }) as HTMLInputElement;

describe('EditPage', () => {
  it('loads the record by ?id= and shows header fields and lines', async () => {
    setup(EDIT_URL);
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    expect(screen.getByText('PR202601010001')).toBeTruthy();
    expect(screen.getByText('A-001')).toBeTruthy();
    expect(screen.getByText('A-002')).toBeTruthy();
    // The reference select shows the labelAs value that came with the record.
    expect(screen.getByTitle('上海工厂')).toBeTruthy();
  });

  it('saves with versionNum and lines, says saved, and keeps the new versionNum', async () => {
    const provider = setup(EDIT_URL);
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    fireEvent.change(titleBox(), { target: { value: '办公用品二' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalledTimes(1));
    const sent = provider.saveOrUpdate.mock.calls[0][1] as DataRecord;
    expect(sent).toMatchObject({ requisitionHeaderId: 1, title: '办公用品二', versionNum: 4 });
    expect((sent.lines as DataRecord[]).map((line) => line.itemCode)).toEqual(['A-001', 'A-002']);
    expect(JSON.stringify(sent)).not.toContain('__DO_NOT_USE_THIS_PROPERTY');
    expect(await screen.findByText('保存成功')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalledTimes(2));
    expect((provider.saveOrUpdate.mock.calls[1][1] as DataRecord).versionNum).toBe(5);
  });

  it('does not save while a required field is empty', async () => {
    const provider = setup(EDIT_URL);
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    fireEvent.change(titleBox(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(provider.saveOrUpdate).not.toHaveBeenCalled();
  });

  it('on 409 shows the conflict message and reloads on demand', async () => {
    const provider = setup(EDIT_URL, {
      saveOrUpdate: async () => {
        throw new ApiError({ httpStatus: 409, msg: 'stale versionNum' });
      },
    });
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('该记录已被他人修改，请刷新后重试')).toBeTruthy();
    const loads = provider.findById.mock.calls.length;
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(provider.findById.mock.calls.length).toBe(loads + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull());
  });

  it('puts 400 field errors on their fields', async () => {
    setup(EDIT_URL, {
      saveOrUpdate: async () => {
        throw new ApiError({ httpStatus: 400, msg: 'invalid', errors: [{ field: 'title', message: '标题已存在' }] });
      },
    });
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('标题已存在')).toBeTruthy();
  });

  it('creates without an id, then stays on the saved record', async () => {
    const provider = setup('/main/purRequisitionManage/purRequisitionEdit');
    await waitFor(() => expect(titleBox().value).toBe(''));
    expect(provider.findById).not.toHaveBeenCalled();
    // Save shows once the screen's granted buttons have arrived.
    const save = await screen.findByRole('button', { name: '保存' });
    fireEvent.change(titleBox(), { target: { value: '新申请' } });
    fireEvent.click(save);
    await waitFor(() => expect(provider.saveOrUpdate).toHaveBeenCalledTimes(1));
    expect(provider.saveOrUpdate.mock.calls[0][1]).toMatchObject({ title: '新申请', urgentFlag: 'N' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('id=9'));
    // The saved record is already shown: the new id in the URL does not read it back over what
    // the user types next.
    fireEvent.change(titleBox(), { target: { value: '新申请-改' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(provider.findById).not.toHaveBeenCalled();
    expect(titleBox().value).toBe('新申请-改');
  });

  it('line grid: required header asterisk, add row with the next lineNum, only the clicked row editable', async () => {
    setup(EDIT_URL);
    await waitFor(() => expect(screen.getByText('A-001')).toBeTruthy());
    const lines = screen.getByRole('region', { name: '申请行' });
    const itemHeader = within(lines)
      .getAllByRole('columnheader')
      .find((cell) => cell.textContent?.includes('物料编码'));
    expect(itemHeader?.textContent).toBe('*物料编码');
    expect(within(lines).queryAllByRole('textbox', { name: '物料编码' })).toHaveLength(0);
    fireEvent.click(within(lines).getByText('A-002'));
    expect(within(lines).getAllByRole('textbox', { name: '物料编码' })).toHaveLength(1);
    expect((within(lines).getByRole('textbox', { name: '物料编码' }) as HTMLInputElement).value).toBe('A-002');
    fireEvent.click(within(lines).getByRole('button', { name: '新增行' }));
    await waitFor(() =>
      expect((within(lines).getByRole('textbox', { name: '物料编码' }) as HTMLInputElement).value).toBe(''),
    );
    expect(within(lines).getByText('3')).toBeTruthy();
  });

  it('switching language relabels the form and keeps what was typed, without reloading', async () => {
    const provider = setup(EDIT_URL);
    await waitFor(() => expect(titleBox().value).toBe('办公用品'));
    fireEvent.change(titleBox(), { target: { value: '未保存的修改' } });
    const loads = provider.findById.mock.calls.length;
    await act(() => i18n.changeLanguage('EN'));
    const title = (await screen.findByRole('textbox', { name: 'Title' })) as HTMLInputElement;
    expect(title.value).toBe('未保存的修改');
    expect(screen.getByText('Basic information')).toBeTruthy();
    expect(provider.findById.mock.calls.length).toBe(loads);
  });

  it('view mode is read-pretty and has no save button', async () => {
    setup(EDIT_URL + '&mode=view');
    await screen.findByText('办公用品');
    expect(screen.queryByRole('textbox', { name: '标题' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByText('上海工厂')).toBeTruthy();
    expect(await screen.findByText('草稿')).toBeTruthy();
    // Lifecycle buttons stay available in view mode when granted and showWhen passes.
    expect(screen.getByRole('button', { name: '提交' })).toBeTruthy();
  });

  it('a record its state locks (save hidden by its showWhen) is read-only with a notice', async () => {
    const guarded = {
      ...editPage,
      actions: editPage.actions!.map((a) =>
        a.action === 'saveOrUpdate' ? { ...a, showWhen: { field: 'status', op: 'in' as const, value: ['DRAFT'] } } : a,
      ),
    };
    const submitted = { ...record, status: 'SUBMITTED' };
    const provider = createFakeProvider({
      findById: async () => structuredClone(submitted),
      findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
      findByMenuResp: async () => [{ resourceCode: 'btnSave', resourceName: 'save' }],
    });
    render(
      <TestProviders provider={provider}>
        <MemoryRouter initialEntries={[EDIT_URL]}>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <Routes>
              <Route path="/main/*" element={<EditPage page={guarded} entities={entities} />} />
            </Routes>
          </ScreenProvider>
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByText('当前状态的记录不能修改')).toBeTruthy();
    expect(screen.getByText('办公用品')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '标题' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('a user without the save button sees the record as a view, without the lock notice (nothing to lock)', async () => {
    setup(EDIT_URL, { findByMenuResp: async () => [] });
    await screen.findByText('办公用品');
    expect(screen.queryByRole('textbox', { name: '标题' })).toBeNull();
    expect(screen.queryByText('当前状态的记录不能修改')).toBeNull();
  });
});
