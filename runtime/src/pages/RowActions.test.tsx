import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import type { ActionState } from '../core/pageActions';
import { i18n } from '../i18n';
import type { PageAction } from '../meta';
import { operateWidth } from './useListColumns';
import { RowActions, splitRowActions } from './RowActions';

const action = (code: string, cn: string, extra: Partial<PageAction> = {}): ActionState => ({
  action: { action: `do${code}`, resourceCode: `btn${code}`, label: { cn, en: code }, placement: 'row', ...extra },
  disabled: false,
});

const VIEW = action('View', '查看');
const EDIT = action('Edit', '编辑');
const SUBMIT = action('Submit', '提交');
const DELETE = action('Delete', '删除', { danger: true });

describe('splitRowActions', () => {
  it('keeps two actions inline and folds the rest; two or fewer all stay inline', () => {
    expect(splitRowActions([VIEW, EDIT])).toEqual({ shown: [VIEW, EDIT], folded: [] });
    expect(splitRowActions([VIEW, EDIT, SUBMIT, DELETE])).toEqual({ shown: [VIEW, EDIT], folded: [SUBMIT, DELETE] });
  });
});

describe('operateWidth', () => {
  it('fits two icons and "more", however many actions the page declares, never below 80', () => {
    expect(operateWidth(1)).toBe(80);
    expect(operateWidth(2)).toBe(80);
    expect(operateWidth(3)).toBe(104);
    expect(operateWidth(9)).toBe(operateWidth(3));
  });
});

describe('RowActions', () => {
  it('shows two named icons and runs a folded action from the "more" menu', async () => {
    const onRun = vi.fn();
    const onRowClick = vi.fn();
    render(
      <AppProviders>
        <div onClick={onRowClick}>
          <RowActions actions={[VIEW, EDIT, SUBMIT, { ...DELETE, disabled: true }]} onRun={onRun} />
        </div>
      </AppProviders>,
    );
    // Icons, not words: the label is the button's name and its tooltip.
    expect(screen.getByRole('button', { name: '查看' }).textContent).toBe('');
    expect(screen.getByRole('button', { name: '编辑' }).querySelector('.anticon')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByRole('button', { name: '编辑' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('编辑');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    const submit = await screen.findByRole('menuitem', { name: '提交' });
    expect((await screen.findByRole('menuitem', { name: '删除' })).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(submit);
    await waitFor(() => expect(onRun).toHaveBeenCalledWith(SUBMIT.action));
    // A click on the row's buttons must not also open the record.
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('names the icons and "more" in English when the interface is in English', async () => {
    await act(() => i18n.changeLanguage('EN'));
    render(
      <AppProviders>
        <RowActions actions={[VIEW, EDIT, SUBMIT]} onRun={() => undefined} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('shows no "more" while every action fits', () => {
    render(
      <AppProviders>
        <RowActions actions={[VIEW, EDIT]} onRun={() => undefined} />
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: '更多' })).toBeNull();
  });
});
