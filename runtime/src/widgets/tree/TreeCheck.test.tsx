import { act, fireEvent, render, screen } from '@testing-library/react';
import type { TreeNode } from '@meridian/metadata';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { TreeCheck } from './TreeCheck';

const CONFIG = {
  keyField: 'id',
  parentKeyField: 'parentId',
  levelField: 'level',
  titleFields: ['code', 'name'],
  expandLevel: 3,
};
const ROWS = [
  { id: 'A', parentId: '0', level: 1, code: '01', name: 'Purchasing', checkFlag: 'N' },
  { id: 'A1', parentId: 'A', level: 2, code: '0101', name: 'Requisitions', checkFlag: 'N' },
  { id: 'A2', parentId: 'A', level: 2, code: '0102', name: 'Orders', checkFlag: 'N' },
  { id: 'B', parentId: '0', level: 1, code: '02', name: 'System', checkFlag: 'Y' },
];

function checkbox(title: string): HTMLElement {
  const node = screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
  return node.querySelector('.ant-tree-checkbox') as HTMLElement;
}
const isChecked = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-checked');

function renderTree(rows: Record<string, unknown>[] = ROWS, config: typeof CONFIG | null = CONFIG) {
  const onEdit = vi.fn<(edited: TreeNode[], roots: TreeNode[]) => void>();
  render(
    <I18nextProvider i18n={i18n}>
      <TreeCheck
        rows={rows}
        config={config ?? (undefined as unknown as typeof CONFIG)}
        onEdit={onEdit}
        aria-label="Menus"
      />
    </I18nextProvider>,
  );
  return onEdit;
}

describe('TreeCheck', () => {
  it('shows titles joined by a dash and the stored check state', () => {
    renderTree();
    expect(screen.getByRole('group', { name: 'Menus' })).toBeTruthy();
    expect(isChecked('02-System')).toBe(true);
    expect(isChecked('01-Purchasing')).toBe(false);
  });

  it('checking a parent checks its children; unchecking the last checked child unchecks the parent', () => {
    const onEdit = renderTree();
    fireEvent.click(checkbox('01-Purchasing'));
    expect(['01-Purchasing', '0101-Requisitions', '0102-Orders'].map(isChecked)).toEqual([true, true, true]);
    fireEvent.click(checkbox('0101-Requisitions'));
    expect(['01-Purchasing', '0101-Requisitions', '0102-Orders'].map(isChecked)).toEqual([true, false, true]);
    fireEvent.click(checkbox('0102-Orders'));
    expect(isChecked('01-Purchasing')).toBe(false);
    const [edited] = onEdit.mock.calls.at(-1)!;
    // All three went back to unchecked but were touched: each is marked isEdit and is sent.
    expect(edited.map((n) => [n.key, n.checked])).toEqual([
      ['A', false],
      ['A1', false],
      ['A2', false],
    ]);
  });

  it('checking a child checks its ancestors and reports only the changed nodes', () => {
    const onEdit = renderTree();
    fireEvent.click(checkbox('0102-Orders'));
    expect(isChecked('01-Purchasing')).toBe(true);
    expect(isChecked('0101-Requisitions')).toBe(false);
    const [edited] = onEdit.mock.calls.at(-1)!;
    expect(edited.map((n) => n.key)).toEqual(['A', 'A2']);
  });

  it('shows the tree-parse error for rows without a key or a missing config', async () => {
    await act(() => i18n.changeLanguage('EN'));
    renderTree([{ parentId: '0', level: 1, code: 'x', name: 'y' }]);
    expect(screen.getByRole('alert').textContent).toContain('Failed to parse the tree data');
  });

  it('a missing config is a tree-parse error too', async () => {
    await act(() => i18n.changeLanguage('CN'));
    renderTree(ROWS, null);
    expect(screen.getByRole('alert').textContent).toContain('树形数据解析失败');
  });
});
