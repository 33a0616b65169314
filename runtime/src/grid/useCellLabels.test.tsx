import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ScreenProvider } from '../core/DataProviderContext';
import type { LookupValue } from '../core/dataProvider';
import { ListPage } from '../pages/ListPage';
import { describeColumns } from '../schema/columnDescriptor';
import { createFakeProvider } from '../test/fakeProvider';
import { entities, listPage, requisitionRows, statusLookup } from '../test/fixtures';
import { TestProviders } from '../test/render';
import { lookupTypesOf } from './useCellLabels';

/** A value-set answer the test releases when it chooses. */
function heldDic() {
  let release: (dic: Record<string, LookupValue[]>) => void = () => undefined;
  const answer = new Promise<Record<string, LookupValue[]>>((resolve) => (release = resolve));
  return { answer, release };
}

function renderList(findDic: () => Promise<Record<string, LookupValue[]>>) {
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: requisitionRows, page: { count: 2, pageIndex: 1, pageRows: 20 } }),
    findDic,
  });
  render(
    <TestProviders provider={provider}>
      <MemoryRouter>
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>
          <ListPage page={listPage} entities={entities} />
        </ScreenProvider>
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('a grid waits for the labels of its coded cells', () => {
  it('names the value sets its columns show, each once', () => {
    const columns = describeColumns(listPage.grid, entities.srmPurRequisitionHeader, 'CN');
    expect(lookupTypesOf([...columns, ...columns])).toEqual(['PUR_REQ_STATUS']);
  });

  it('draws no row while the status labels are on their way, then the rows with their meanings', async () => {
    const dic = heldDic();
    renderList(() => dic.answer);
    // The rows have arrived (the fake answers at once) but no cell may show DRAFT or APPROVED.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('PR202601010001')).toBeNull();
    expect(screen.queryByText('DRAFT')).toBeNull();
    dic.release({ PUR_REQ_STATUS: statusLookup });
    expect(await screen.findByText('PR202601010001')).toBeTruthy();
    expect(screen.getByText('草稿')).toBeTruthy();
    expect(screen.queryByText('DRAFT')).toBeNull();
  });

  it('shows the rows when the value sets cannot be read', async () => {
    renderList(async () => Promise.reject(new Error('findDic down')));
    expect(await screen.findByText('PR202601010001')).toBeTruthy();
  });
});
