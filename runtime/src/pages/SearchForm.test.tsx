import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import type { PageDef } from '../meta';
import { entities, headerEntity, listPage } from '../test/fixtures';
import { createFakeProvider } from '../test/fakeProvider';
import { SearchForm } from './SearchForm';

const page: PageDef = {
  ...listPage,
  search: {
    fields: [{ field: 'requisitionNumber' }, { field: 'title' }, { field: 'contactEmail' }, { field: 'remark' }],
  },
};

function setup(onSearch = vi.fn()) {
  render(
    <TestProviders provider={createFakeProvider()}>
      <SearchForm page={page} entity={headerEntity} entities={entities} onSearch={onSearch} />
    </TestProviders>,
  );
  return onSearch;
}

describe('SearchForm', () => {
  it('opens collapsed on its first fields; Expand shows the rest and Collapse keeps their values', async () => {
    const onSearch = setup();
    expect(await screen.findByRole('textbox', { name: '联系邮箱' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '备注' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    fireEvent.change(await screen.findByRole('textbox', { name: '备注' }), { target: { value: '加急' } });
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '备注' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ remark: '加急' }));
  });

  it('has no Expand when every field fits the first row', async () => {
    render(
      <TestProviders provider={createFakeProvider()}>
        <SearchForm page={listPage} entity={headerEntity} entities={entities} onSearch={() => undefined} />
      </TestProviders>,
    );
    expect(await screen.findByRole('textbox', { name: '申请单号' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '展开' })).toBeNull();
  });
});
