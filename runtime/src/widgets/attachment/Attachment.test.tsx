import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import type { AttachmentConfig } from '../../meta';
import { createFakeProvider } from '../../test/fakeProvider';
import { renderWithApp } from '../../test/render';
import type { AttachmentApi, AttachmentRecord } from './attachmentApi';
import { AttachmentBase } from './Attachment';
import { AttachmentApiContext } from './useAttachments';

const record = (id: number, name: string): AttachmentRecord => ({
  id,
  fileId: `${id}`.padStart(32, '0'),
  originalFileName: name,
  size: 2048,
  previewUrl: `/api/fileServer/v2/file/download?id=${id}`,
  uploadedByName: 'buyer01',
  creationDate: '2026-11-22 10:00:00',
});
const STORED = [record(1, 'drawing.png'), record(2, 'spec.docx')];
const ALL_CODES = ['btnUploadAttachment', 'btnFilePreview', 'btnDownloadAttachment', 'btnDelAttachment'];

function fakeApi(overrides: Partial<AttachmentApi> = {}) {
  return {
    list: vi.fn(async (ids: number[]) => STORED.filter((r) => ids.includes(r.id))),
    upload: vi.fn(async () => [record(3, 'new.pdf')]),
    download: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'x' })),
    remove: vi.fn(async () => undefined),
    previewLink: vi.fn(async (r: AttachmentRecord) => `/api/fileServer/v1/file/preview?id=${r.id}&expires=1&sig=s`),
    ...overrides,
  };
}

function renderControl(
  props: { value?: string; config?: AttachmentConfig; codes?: string[]; readOnly?: boolean },
  api = fakeApi(),
) {
  const onChange = vi.fn();
  const provider = createFakeProvider({
    findByMenuResp: async () => (props.codes ?? ALL_CODES).map((resourceCode) => ({ resourceCode })),
  });
  renderWithApp(
    <AttachmentApiContext.Provider value={api}>
      <AttachmentBase
        value={props.value ?? '1,2'}
        onChange={onChange}
        config={props.config}
        functionId="srmPurRequisitionHeader"
        businessId={7}
        readOnly={props.readOnly}
      />
    </AttachmentApiContext.Provider>,
    { provider },
  );
  return { api, onChange };
}

const chooseFiles = (files: File[]) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
};

describe('Attachment control', () => {
  it('lists the attachments of the field value with name, size, uploader and time', async () => {
    const { api } = renderControl({});
    expect(await screen.findByText('drawing.png')).toBeTruthy();
    expect(screen.getByText('spec.docx')).toBeTruthy();
    expect(screen.getAllByText('2.0 KB')).toHaveLength(2);
    expect(screen.getAllByText('buyer01')).toHaveLength(2);
    expect(api.list).toHaveBeenCalledWith([1, 2], { menuId: '100', respId: '1' });
  });

  it('shows only the buttons whose resource codes are granted', async () => {
    renderControl({ codes: ['btnDownloadAttachment'] });
    await screen.findByText('drawing.png');
    await waitFor(() => expect(screen.getAllByRole('button', { name: '下载' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '预览' })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('shows every button when checkBtnPermit is off', async () => {
    renderControl({ codes: [], config: { checkBtnPermit: false } });
    expect(await screen.findByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(await screen.findAllByRole('button', { name: '预览' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /删\s*除/ })).toHaveLength(2);
  });

  it('hides upload and delete on a read-only form', async () => {
    renderControl({ readOnly: true });
    await screen.findByText('drawing.png');
    await waitFor(() => expect(screen.getAllByRole('button', { name: '下载' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('replaces the upload button by a progress bar while uploading, then adds the new ids', async () => {
    let finish: (rows: AttachmentRecord[]) => void = () => undefined;
    const upload = vi.fn((_files: File[], _fields: object, _screen: object, onProgress: (p: number) => void) => {
      onProgress(40);
      return new Promise<AttachmentRecord[]>((resolve) => (finish = resolve));
    });
    const api = fakeApi({ upload });
    const { onChange } = renderControl({ config: { path: 'pur' } }, api);
    await screen.findByRole('button', { name: '上传附件' });
    chooseFiles([new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')]);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    expect(upload).toHaveBeenCalledTimes(1);
    const [files, fields] = upload.mock.calls[0];
    expect((files as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(fields).toMatchObject({ path: 'pur', functionId: 'srmPurRequisitionHeader', businessId: '7' });
    await act(async () => finish([record(3, 'a.pdf'), record(4, 'b.pdf')]));
    expect(onChange).toHaveBeenCalledWith('1,2,3,4');
    expect(await screen.findByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a format outside the configured ones before sending', async () => {
    const { api } = renderControl({ config: { formats: ['pdf'] } });
    await screen.findByRole('button', { name: '上传附件' });
    chooseFiles([new File(['a'], 'photo.png')]);
    expect(await screen.findByText('仅支持 pdf 格式的文件')).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it.each([
    [
      'CN',
      '删除附件',
      '请确认是否继续删除附件信息？',
      '附件删除成功，由于附件ID已更新，请及时保存业务单据',
      /删\s*除/,
      /确\s*定|OK/,
    ],
    [
      'EN',
      'delete attachment',
      'Please confirm whether to continue deleting attachment information?',
      'Attachment deleted successfully, because the attachment ID was updated, please save the business document in time',
      /Delete/,
      /OK/,
    ],
  ])(
    'asks before deleting and reminds to save the document (%s)',
    async (language, title, question, done, deleteName, okName) => {
      await act(() => i18n.changeLanguage(language));
      const { api, onChange } = renderControl({});
      await screen.findByText('drawing.png');
      const firstRow = screen.getByText('drawing.png').closest('tr')!;
      fireEvent.click(await within(firstRow).findByRole('button', { name: deleteName }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getAllByText(title).length).toBeGreaterThan(0);
      expect(within(dialog).getByText(question)).toBeTruthy();
      expect(api.remove).not.toHaveBeenCalled();
      fireEvent.click(within(dialog).getByRole('button', { name: okName }));
      await waitFor(() => expect(api.remove).toHaveBeenCalledWith([1], { menuId: '100', respId: '1' }));
      expect(onChange).toHaveBeenCalledWith('2');
      expect(await screen.findByText(done)).toBeTruthy();
    },
  );

  it('opens other types in the configured preview service through a signed link', async () => {
    const opened = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    const { api } = renderControl({ config: { previewService: 'http://preview:8012' } });
    const docxRow = (await screen.findByText('spec.docx')).closest('tr')!;
    fireEvent.click(await within(docxRow).findByRole('button', { name: '预览' }));
    const link = `${window.location.origin}/api/fileServer/v1/file/preview?id=2&expires=1&sig=s`;
    await waitFor(() =>
      expect(opened.location.href).toBe(`http://preview:8012/onlinePreview?url=${encodeURIComponent(btoa(link))}`),
    );
    expect(api.previewLink).toHaveBeenCalledWith(STORED[1], { menuId: '100', respId: '1' });
    expect(opened.opener).toBeNull();
    open.mockRestore();
  });

  it('says a type cannot be previewed when no preview service is configured', async () => {
    const { api } = renderControl({});
    const docxRow = (await screen.findByText('spec.docx')).closest('tr')!;
    fireEvent.click(await within(docxRow).findByRole('button', { name: '预览' }));
    expect(await screen.findByText('该类型文件不能在线预览')).toBeTruthy();
    expect(api.previewLink).not.toHaveBeenCalled();
  });
});
