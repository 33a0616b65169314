import { createForm } from '@formily/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { RecordForm } from '../../pages/RecordForm';
import { i18n } from '../../i18n';
import { createFakeProvider } from '../../test/fakeProvider';

const schema: ISchema = {
  type: 'object',
  properties: {
    content: { type: 'string', title: '公告内容', 'x-decorator': 'FormItem', 'x-component': 'RichText' },
  },
};
const STORED =
  '<p>第一段 <strong>加粗</strong></p><p>第二段<img src="x" onerror="window.hacked=1"></p><script>window.hacked=2</script>';

function renderForm(readPretty: boolean, content = STORED) {
  const form = createForm({ readPretty, values: { content } });
  render(
    <TestProviders provider={createFakeProvider()}>
      <RecordForm form={form} schema={schema} />
    </TestProviders>,
  );
  return form;
}

describe('RichText field', () => {
  it('read-pretty: renders the stored HTML as paragraphs (not as "<p>" text), without script or handlers', () => {
    renderForm(true);
    const box = screen.getByTestId('rich-text');
    expect(box.querySelectorAll('p')).toHaveLength(2);
    expect(box.querySelector('strong')?.textContent).toBe('加粗');
    expect(box.textContent).not.toContain('<p>');
    expect(box.innerHTML).not.toMatch(/onerror|script/i);
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('edit: loads the editor lazily with the content and a toolbar named in the interface language', async () => {
    const form = renderForm(false, '<p>旧内容</p>');
    // The editor is a lazy chunk: its first import transforms many modules, slow on a loaded machine.
    const editor = await screen.findByRole('textbox', { name: '公告内容' }, { timeout: 15_000 });
    await waitFor(() => expect(editor.querySelector('p')?.textContent).toBe('旧内容'));
    expect(screen.getByRole('toolbar', { name: '格式工具栏' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '加粗' })).toBeTruthy();
    // A value set from outside (a reloaded record) replaces the content.
    act(() => form.setValuesIn('content', '<h2>新标题</h2>'));
    await waitFor(() => expect(editor.querySelector('h2')?.textContent).toBe('新标题'));
    await act(() => i18n.changeLanguage('EN'));
    expect(screen.getByRole('button', { name: 'Bold' })).toBeTruthy();
  }, 30_000);
});
