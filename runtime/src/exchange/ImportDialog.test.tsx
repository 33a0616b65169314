import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../core/apiError';
import type { RequestFn } from '../core/request';
import { createFakeProvider } from '../test/fakeProvider';
import { renderWithApp } from '../test/render';
import { ImportDialog } from './ImportDialog';

const REFUSAL = {
  total: 2,
  failed: 1,
  errorFileUrl: '/api/fileServer/v2/file/download?id=9',
  errors: [{ row: 3, column: '原币', message: '"火星币" 不是有效的选项' }],
};

function setup(request: RequestFn) {
  const onClose = vi.fn();
  const onImported = vi.fn();
  renderWithApp(<ImportDialog open onClose={onClose} onImported={onImported} request={request} />, {
    provider: createFakeProvider(),
  });
  return { onClose, onImported };
}

async function chooseAndImport() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['xlsx'], 'rates.xlsx')] } });
  expect(await screen.findByText('rates.xlsx')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '开始导入' }));
}

describe('ImportDialog', () => {
  it('asks for a file before uploading anything', async () => {
    const request = vi.fn() as unknown as RequestFn;
    setup(request);
    fireEvent.click(await screen.findByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('请选择要导入的 .xlsx 文件')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
  });

  it('shows a refusal with its row and column errors and the error file link; nothing is reported imported', async () => {
    const request = vi.fn(async () => {
      throw new ApiError({ httpStatus: 400, msg: '导入失败：2 行中有 1 行有错误，没有导入任何数据', data: REFUSAL });
    }) as unknown as RequestFn;
    const { onImported, onClose } = setup(request);
    await chooseAndImport();
    const errors = await screen.findByTestId('import-errors');
    expect(errors.textContent).toContain('导入失败：2 行中有 1 行有错误');
    expect(errors.textContent).toContain('"火星币" 不是有效的选项');
    expect(screen.getByRole('button', { name: '下载错误文件' })).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes and reloads the list after a good import', async () => {
    const request = vi.fn(async () => ({ data: { total: 2, imported: 2 }, msg: '' })) as unknown as RequestFn;
    const { onImported, onClose } = setup(request);
    await chooseAndImport();
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText('已导入 2 行')).toBeTruthy();
  });
});
