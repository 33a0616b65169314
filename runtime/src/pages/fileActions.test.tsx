/**
 * File actions on a record page (docs/developer-guide.md "File actions on pages"): a download
 * saved under the server's name, an .xlsx upload sent to the action with the record's id, a file
 * stored as an attachment first and its id sent, the busy button, the wrong file type, and errors
 * shown as messages — through the page's buttons and its hidden file input.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/apiError';
import { ScreenProvider } from '../core/DataProviderContext';
import type { DataRecord, PageAction, PageDef } from '../meta';
import { editPage, entities, listPage, requisitionRows, statusLookup } from '../test/fixtures';
import { createFakeProvider, type FakeOverrides, type FakeProvider } from '../test/fakeProvider';
import { TestProviders } from '../test/render';
import type { AttachmentApi, AttachmentRecord } from '../widgets/attachment/attachmentApi';
import { AttachmentApiContext } from '../widgets/attachment/useAttachments';
import { EditPage } from './EditPage';
import { ListPage } from './ListPage';
import { FILE_INPUT_TEST_ID } from './useActionRunner';

const record: DataRecord = {
  requisitionHeaderId: 1,
  requisitionNumber: 'PR202601010001',
  title: '办公用品',
  status: 'DRAFT',
  versionNum: 4,
  lines: [],
};

const label = (cn: string) => ({ cn, en: cn });
const ACTIONS: PageAction[] = [
  {
    action: 'exportPrintExcel',
    resourceCode: 'btnPrint',
    label: label('打印'),
    placement: 'form',
    file: 'download',
  },
  {
    action: 'doImportCheckLine',
    resourceCode: 'btnImportLine',
    label: label('导入明细'),
    placement: 'form',
    idField: 'accountCheckId',
    upload: { send: 'xlsx' },
  },
  {
    action: 'invoiceOcr',
    resourceCode: 'btnRecognizeInvoice',
    label: label('上传发票'),
    placement: 'form',
    resource: 'srmRcnAccountCheckOcrTaskRestful',
    idField: 'accountCheckId',
    upload: { send: 'attachment', accept: '.pdf,.png', field: 'attachmentId' },
    showWhen: { field: 'status', op: 'eq', value: 'DRAFT' },
  },
];
const page: PageDef = { ...editPage, actions: [...(editPage.actions ?? []), ...ACTIONS] };
const GRANTED = ['btnSave', 'btnPrint', 'btnImportLine', 'btnRecognizeInvoice'];

function fakeAttachments(upload: AttachmentApi['upload']): AttachmentApi {
  return {
    list: vi.fn(async () => []),
    upload: vi.fn(upload),
    download: vi.fn(),
    remove: vi.fn(async () => undefined),
    previewLink: vi.fn(async () => ''),
  } as unknown as AttachmentApi;
}

const stored = (id: number): AttachmentRecord => ({
  id,
  fileId: `f${id}`,
  originalFileName: 'invoice.pdf',
  previewUrl: '',
});

function setup(overrides: FakeOverrides = {}, attachments = fakeAttachments(async () => [stored(77)])) {
  const provider = createFakeProvider({
    findById: async () => structuredClone(record),
    findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
    findByMenuResp: async () => GRANTED.map((resourceCode) => ({ resourceCode, resourceName: resourceCode })),
    ...overrides,
  });
  render(
    <TestProviders provider={provider}>
      <AttachmentApiContext.Provider value={attachments}>
        <MemoryRouter initialEntries={['/main/purRequisitionManage/purRequisitionEdit?id=1']}>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <Routes>
              <Route path="/main/*" element={<EditPage page={page} entities={entities} />} />
            </Routes>
          </ScreenProvider>
        </MemoryRouter>
      </AttachmentApiContext.Provider>
    </TestProviders>,
  );
  return { provider: provider as FakeProvider, attachments };
}

const fileInput = () => screen.getByTestId(FILE_INPUT_TEST_ID) as HTMLInputElement;
const button = (name: string) => screen.findByRole('button', { name });
const target = (resource?: string) => expect.objectContaining({ name: 'srmPurRequisitionHeader', resource });

/** The anchor saveFile clicks: its download name and the blob behind its object URL. */
let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('file actions on a record page', () => {
  it('a download saves the answer under the name the server gave', async () => {
    const blob = new Blob(['xlsx bytes']);
    const { provider } = setup({ fileAction: async () => ({ blob, fileName: '对账单 RC0001.xlsx' }) });
    fireEvent.click(await button('打印'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: '对账单 RC0001.xlsx', blob });
    expect(provider.fileAction).toHaveBeenCalledWith(target(undefined), 'exportPrintExcel', { id: 1 });
  });

  it("a download's error answer is shown as a message and nothing is saved", async () => {
    setup({
      fileAction: async () => {
        throw new ApiError({ httpStatus: 404, msg: '记录不存在' });
      },
    });
    fireEvent.click(await button('打印'));
    expect(await screen.findByText('记录不存在')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('an xlsx upload goes to the action with the record id under idField, says its message and reads the record again', async () => {
    const { provider } = setup({ uploadAction: async () => ({ data: {}, msg: '已导入 2 行' }) });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await button('导入明细'));
    expect(click).toHaveBeenCalled();
    expect(fileInput().accept).toBe('.xlsx');
    const loads = provider.findById.mock.calls.length;
    const file = new File(['PK'], 'lines.xlsx');
    fireEvent.change(fileInput(), { target: { files: [file] } });
    expect(await screen.findByText('已导入 2 行')).toBeTruthy();
    expect(provider.uploadAction).toHaveBeenCalledWith(target(undefined), 'doImportCheckLine', file, {
      accountCheckId: '1',
    });
    await waitFor(() => expect(provider.findById.mock.calls.length).toBeGreaterThan(loads));
  });

  it('an attachment upload stores the file first, shows the button busy with its percent, then sends both ids to the other resource', async () => {
    let finish: (rows: AttachmentRecord[]) => void = () => undefined;
    const attachments = fakeAttachments(
      (_files, _fields, _screen, onProgress) =>
        new Promise((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    const { provider } = setup({ callAction: async () => ({ data: {}, msg: '' }) }, attachments);
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await button('上传发票'));
    expect(fileInput().accept).toBe('.pdf,.png');
    const file = new File(['%PDF-1.4'], 'Invoice.PDF', { type: 'application/pdf' });
    fireEvent.change(fileInput(), { target: { files: [file] } });
    const busy = await button('上传发票');
    await waitFor(() => expect(busy.getAttribute('aria-busy')).toBe('true'));
    expect(busy.textContent).toContain('40%');
    expect(attachments.upload).toHaveBeenCalledWith(
      [file],
      { formats: 'pdf,png' },
      expect.anything(),
      expect.any(Function),
    );
    // Pressed again while it runs: nothing new starts.
    fireEvent.click(busy);
    finish([stored(77)]);
    expect(await screen.findByText('操作成功')).toBeTruthy();
    expect(provider.callAction).toHaveBeenCalledTimes(1);
    expect(provider.callAction).toHaveBeenCalledWith(target('srmRcnAccountCheckOcrTaskRestful'), 'invoiceOcr', {
      accountCheckId: 1,
      attachmentId: 77,
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '上传发票' }) as HTMLElement).getAttribute('aria-busy')).toBeNull(),
    );
  });

  it('a file of another type is refused before anything is sent; a file chosen without pressing a button runs nothing', async () => {
    const { provider, attachments } = setup();
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await button('上传发票'));
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(await screen.findByText('请选择 .pdf,.png 格式的文件')).toBeTruthy();
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF'], 'invoice.pdf')] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attachments.upload).not.toHaveBeenCalled();
    expect(provider.callAction).not.toHaveBeenCalled();
  });

  it('an upload whose action fails shows the server message and leaves the button usable', async () => {
    setup({
      callAction: async () => {
        throw new ApiError({ httpStatus: 409, msg: '对账单当前状态不能录入发票' });
      },
    });
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await button('上传发票'));
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF'], 'invoice.pdf')] } });
    expect(await screen.findByText('对账单当前状态不能录入发票')).toBeTruthy();
    expect((await button('上传发票')).getAttribute('aria-busy')).toBeNull();
  });
});

describe('file actions on a list', () => {
  const list: PageDef = {
    ...listPage,
    actions: [
      { ...ACTIONS[0], placement: 'row', buttonType: 'link' },
      { ...ACTIONS[1], placement: 'toolbar' },
    ],
  };

  function setupList(overrides: FakeOverrides = {}) {
    const provider = createFakeProvider({
      listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
      findDic: async () => ({ PUR_REQ_STATUS: statusLookup }),
      findByMenuResp: async () => GRANTED.map((resourceCode) => ({ resourceCode, resourceName: resourceCode })),
      ...overrides,
    });
    render(
      <TestProviders provider={provider}>
        <MemoryRouter initialEntries={['/main/purchaseRequisitionList?menuId=100&respId=1']}>
          <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
            <Routes>
              <Route path="/main/purchaseRequisitionList" element={<ListPage page={list} entities={entities} />} />
            </Routes>
          </ScreenProvider>
        </MemoryRouter>
      </TestProviders>,
    );
    return provider as FakeProvider;
  }

  it("a row's download acts on that row; a toolbar upload needs exactly one selected row", async () => {
    const blob = new Blob(['x']);
    const provider = setupList({ fileAction: async () => ({ blob, fileName: 'PR2.xlsx' }) });
    await screen.findByText('PR202601010001');
    const prints = await screen.findAllByRole('button', { name: '打印' });
    fireEvent.click(prints[1]);
    await waitFor(() => expect(saved).toEqual([{ name: 'PR2.xlsx', blob }]));
    expect(provider.fileAction).toHaveBeenCalledWith(target(undefined), 'exportPrintExcel', { id: 2 });

    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const rowBoxes = screen.getAllByRole('checkbox').slice(1);
    fireEvent.click(rowBoxes[0]);
    fireEvent.click(rowBoxes[1]);
    fireEvent.click(await button('导入明细'));
    expect(await screen.findByText('请只选择一条记录')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
    fireEvent.click(rowBoxes[1]);
    fireEvent.click(await button('导入明细'));
    expect(click).toHaveBeenCalledTimes(1);
    fireEvent.change(fileInput(), { target: { files: [new File(['PK'], 'lines.xlsx')] } });
    await waitFor(() =>
      expect(provider.uploadAction).toHaveBeenCalledWith(target(undefined), 'doImportCheckLine', expect.any(File), {
        accountCheckId: '1',
      }),
    );
  });
});
