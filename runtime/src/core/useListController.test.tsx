import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App';
import type { DataRecord } from '../meta';
import { createFakeAuth, createFakeExports, createFakePreferences, createFakeProvider } from '../test/fakeProvider';
import { entities, listPage } from '../test/fixtures';
import type { DataProvider, ListQuery } from './dataProvider';
import { ScreenProvider, useDataProvider } from './DataProviderContext';
import { createQueryClient } from './queries';
import { fallbackPage, useListController } from './useListController';

const entity = entities[listPage.entity ?? ''];

/** Rows 1..count, paged as the server pages them. */
function pagedRows(count: () => number) {
  return async (_entity: unknown, query: ListQuery) => {
    const all = Array.from({ length: count() }, (_, i) => ({ requisitionHeaderId: i + 1, title: `row ${i + 1}` }));
    const start = (query.pageIndex - 1) * query.pageRows;
    return {
      rows: all.slice(start, start + query.pageRows),
      page: { count: all.length, pageIndex: query.pageIndex, pageRows: query.pageRows },
    };
  };
}

/** A promise the test settles, to see the screen while a call is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function wrapperFor(provider: DataProvider, client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders
        dataProvider={provider}
        authProvider={createFakeAuth()}
        preferences={createFakePreferences()}
        exports={createFakeExports()}
        queryClient={client}
      >
        <ScreenProvider screen={{ menuId: '100', respId: '1' }}>{children}</ScreenProvider>
      </AppProviders>
    );
  };
}

const ids = (rows: DataRecord[]) => rows.map((row) => row.requisitionHeaderId);

describe('useListController through the query client', () => {
  it('shows the cached rows at once, without a spinner, when a list mounts again (a tab shown again)', async () => {
    const provider = createFakeProvider({ listByPage: pagedRows(() => 3) });
    const client = createQueryClient();
    const wrapper = wrapperFor(provider, client);
    const first = renderHook(() => useListController(listPage, entity), { wrapper });
    expect(first.result.current.tableProps.loading).toBe(true);
    await waitFor(() => expect(ids(first.result.current.tableProps.dataSource)).toEqual([1, 2, 3]));
    first.unmount();

    const again = renderHook(() => useListController(listPage, entity), { wrapper });
    // First render: rows from the cache, no loading; the revalidation runs behind them.
    expect(ids(again.result.current.tableProps.dataSource)).toEqual([1, 2, 3]);
    expect(again.result.current.tableProps.loading).toBe(false);
    expect(again.result.current.refreshing).toBe(false); // a silent revalidation: no hint either
    await waitFor(() => expect(provider.listByPage).toHaveBeenCalledTimes(2));
    expect(again.result.current.tableProps.loading).toBe(false);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const next = deferred<{ rows: DataRecord[]; page: { count: number; pageIndex: number; pageRows: number } }>();
    const rows = pagedRows(() => 25);
    const provider = createFakeProvider({
      listByPage: (entityArg: unknown, query: ListQuery) =>
        query.pageIndex === 2 ? next.promise : rows(entityArg, query),
    });
    const { result } = renderHook(() => useListController(listPage, entity), {
      wrapper: wrapperFor(provider, createQueryClient()),
    });
    await waitFor(() => expect(result.current.tableProps.dataSource).toHaveLength(20));
    act(() => result.current.tableProps.onChange({ current: 2, pageSize: 20 }, {}, {}));
    await waitFor(() => expect(provider.listByPage).toHaveBeenCalledTimes(2));
    expect(result.current.tableProps.dataSource).toHaveLength(20);
    expect(result.current.tableProps.loading).toBe(false);
    expect(result.current.refreshing).toBe(true);
    await act(async () => next.resolve(await rows(undefined, { pageIndex: 2, pageRows: 20 })));
    await waitFor(() => expect(ids(result.current.tableProps.dataSource)).toEqual([21, 22, 23, 24, 25]));
    expect(result.current.tableProps.pagination && result.current.tableProps.pagination.current).toBe(2);
  });

  it('refetches an open list when a record of its entity is saved elsewhere in the app', async () => {
    let count = 2;
    const provider = createFakeProvider({
      listByPage: pagedRows(() => count),
      saveOrUpdate: async (_entity: unknown, record: DataRecord) => {
        count += 1;
        return { ...record, requisitionHeaderId: count };
      },
    });
    const wrapper = wrapperFor(provider, createQueryClient());
    // The list and, in another "tab" of the same app, a screen that saves through the provider.
    const { result } = renderHook(() => ({ list: useListController(listPage, entity), writer: useDataProvider() }), {
      wrapper,
    });
    await waitFor(() => expect(ids(result.current.list.tableProps.dataSource)).toEqual([1, 2]));
    await act(async () => {
      await result.current.writer.saveOrUpdate(entity, { title: 'new' });
    });
    await waitFor(() => expect(ids(result.current.list.tableProps.dataSource)).toEqual([1, 2, 3]));
    expect(result.current.list.tableProps.loading).toBe(false);
  });

  it('moves to the last page with rows when the rows of the shown page went', async () => {
    let count = 21;
    const provider = createFakeProvider({ listByPage: pagedRows(() => count) });
    const { result } = renderHook(() => useListController(listPage, entity), {
      wrapper: wrapperFor(provider, createQueryClient()),
    });
    await waitFor(() => expect(result.current.tableProps.dataSource).toHaveLength(20));
    act(() => result.current.tableProps.onChange({ current: 2, pageSize: 20 }, {}, {}));
    await waitFor(() => expect(ids(result.current.tableProps.dataSource)).toEqual([21]));
    // Row 21 is deleted (here or by someone else): page 2 answers no rows and a count of 20.
    count = 20;
    act(() => result.current.reload());
    await waitFor(() =>
      expect(result.current.tableProps.pagination && result.current.tableProps.pagination.current).toBe(1),
    );
    await waitFor(() => expect(result.current.tableProps.dataSource).toHaveLength(20));
    expect(result.current.tableProps.pagination && result.current.tableProps.pagination.total).toBe(20);
  });
});

describe('fallbackPage', () => {
  const answer = (rows: number, count: number) => ({ rows: Array.from({ length: rows }), page: { count } });
  it('keeps an answer with rows, and page 1 whatever it holds', () => {
    expect(fallbackPage(answer(3, 43), { pageIndex: 3, pageRows: 20 })).toBeUndefined();
    expect(fallbackPage(answer(0, 0), { pageIndex: 1, pageRows: 20 })).toBeUndefined();
  });
  it('goes to the last page that has rows, or page 1 when there are none', () => {
    expect(fallbackPage(answer(0, 40), { pageIndex: 3, pageRows: 20 })).toBe(2);
    expect(fallbackPage(answer(0, 41), { pageIndex: 4, pageRows: 20 })).toBe(3);
    expect(fallbackPage(answer(0, 0), { pageIndex: 5, pageRows: 20 })).toBe(1);
  });
});
