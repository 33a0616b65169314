/**
 * State of a list page's grid: criteria from the search form, paging (1-based, page sizes of
 * docs/architecture.md "Spec: constants"), server-side sort, selection — returned as props antd's Table takes as is.
 * Rows are read through the app's QueryClient (queries.tsx): a page seen before shows at once
 * while it is revalidated, the previous page stays while the next loads, and a write to the
 * entity anywhere in the app refetches the list.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { searchValuesToQuery, type ListCriteria } from '../schema/searchSchema';
import { orderByFromSorter } from '../schema/gridColumns';
import { useDataProvider, useScreen } from './DataProviderContext';
import type { ListQuery, ListResult } from './dataProvider';
import { listKey } from './queries';
import { useQueryErrorFeedback } from './useQueryErrorFeedback';

import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../grid/gridRules';

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS };

export interface ListPagination {
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: number[];
  showSizeChanger: boolean;
  showTotal: (total: number) => string;
}

export interface ListTableProps {
  rowKey: string;
  dataSource: DataRecord[];
  loading: boolean;
  pagination: ListPagination | false;
  onChange: (pagination: { current?: number; pageSize?: number }, filters: unknown, sorter: unknown) => void;
}

export interface ListSelection {
  selectedRowKeys: unknown[];
  selectedRows: DataRecord[];
  onChange: (keys: unknown[], rows: DataRecord[]) => void;
  clear: () => void;
}

export interface ListController {
  tableProps: ListTableProps;
  search: (values: Record<string, unknown>) => void;
  reload: () => void;
  selection: ListSelection;
  criteria: ListCriteria;
  orderBy?: string;
  /**
   * True while the rows shown are the previous page's or search's and the asked ones load: no
   * spinner (the rows stay usable), a page may show a small hint. A revalidation of the rows shown
   * (a tab shown again, a write elsewhere) is silent.
   */
  refreshing: boolean;
}

export interface Paging {
  pageIndex: number;
  pageRows: number;
  orderBy?: string;
}

function useSelection(): ListSelection {
  const [state, setState] = useState<{ keys: unknown[]; rows: DataRecord[] }>({ keys: [], rows: [] });
  const clear = useCallback(() => setState({ keys: [], rows: [] }), []);
  const onChange = useCallback((keys: unknown[], rows: DataRecord[]) => setState({ keys, rows }), []);
  return useMemo(
    () => ({ selectedRowKeys: state.keys, selectedRows: state.rows, onChange, clear }),
    [state, onChange, clear],
  );
}

const EMPTY_ROWS: DataRecord[] = [];

/**
 * The page to show instead of an answer without rows: the last page that has rows when the rows
 * of this page went (deleted here or elsewhere), page 1 when there are none at all; undefined
 * when the answer stands.
 */
export function fallbackPage(answer: { rows: unknown[]; page: { count: number } }, paging: Paging): number | undefined {
  if (answer.rows.length > 0 || paging.pageIndex <= 1) return undefined;
  const last = Math.max(1, Math.ceil(answer.page.count / paging.pageRows));
  return last < paging.pageIndex ? last : undefined;
}

/** `initialSearch`: the search values the page opens with (from its URL query, schema/searchFromQuery.ts). */
export function useListController(
  page: PageDef,
  entity: EntityDef,
  initialSearch?: Record<string, unknown>,
): ListController {
  const provider = useDataProvider();
  const screen = useScreen();
  const { t } = useTranslation();
  const grid = page.grid;
  const [criteria, setCriteria] = useState<ListCriteria>(() =>
    initialSearch ? searchValuesToQuery(page.search?.fields ?? [], initialSearch, entity) : { params: {} },
  );
  const [paging, setPaging] = useState<Paging>({
    pageIndex: 1,
    pageRows: grid?.pageSize ?? DEFAULT_PAGE_SIZE,
    orderBy: grid?.orderBy,
  });
  // isAutoRequest false: the grid stays empty until the first search.
  const [requested, setRequested] = useState(grid?.isAutoRequest !== false || Boolean(initialSearch));
  const selection = useSelection();
  const { clear: clearSelection } = selection;

  const query = useMemo<ListQuery>(
    () => ({ params: { ...(grid?.searchParams ?? {}), ...criteria.params }, filter: criteria.filter, ...paging }),
    [grid?.searchParams, criteria, paging],
  );
  const answer = useQuery({
    queryKey: listKey(entity, query, grid?.api, screen),
    queryFn: () => provider.listByPage<DataRecord>(entity, query, grid?.api),
    enabled: requested,
    placeholderData: keepPreviousData,
  });
  const { data, error, refetch, isPlaceholderData } = answer;

  // docs/architecture.md "Spec: calls": a failed list call reports the error and shows no rows.
  useQueryErrorFeedback(answer);

  // The rows of this page went: show the last page that has rows (or page 1).
  const fallback = data && !isPlaceholderData ? fallbackPage(data, paging) : undefined;
  useEffect(() => {
    if (fallback !== undefined) setPaging((current) => ({ ...current, pageIndex: fallback }));
  }, [fallback]);

  const search = useCallback(
    (values: Record<string, unknown>) => {
      const next = searchValuesToQuery(page.search?.fields ?? [], values, entity);
      setCriteria(next);
      setPaging((current) => ({ ...current, pageIndex: 1 }));
      setRequested(true);
      clearSelection();
      // Searching the same criteria again asks the server again (the query key does not change then).
      const unchanged = JSON.stringify(next) === JSON.stringify(criteria) && paging.pageIndex === 1;
      if (unchanged && requested) void refetch();
    },
    [page.search, entity, clearSelection, criteria, paging.pageIndex, requested, refetch],
  );

  const reload = useCallback(() => {
    setRequested(true);
    if (requested) void refetch();
  }, [requested, refetch]);

  const onChange = useCallback<ListTableProps['onChange']>(
    (pagination, _filters, sorter) => {
      setPaging((current) => {
        const pageRows = pagination.pageSize ?? current.pageRows;
        return {
          pageRows,
          pageIndex: pageRows !== current.pageRows ? 1 : (pagination.current ?? current.pageIndex),
          orderBy: orderByFromSorter(sorter) ?? grid?.orderBy,
        };
      });
    },
    [grid?.orderBy],
  );

  // docs/architecture.md "Spec: calls": a failed call shows no rows (not the previous answer).
  const shown: ListResult<DataRecord> | undefined = error ? undefined : data;
  const total = shown?.page.count ?? 0;
  const exact = shown?.page.countExact !== false;
  const pagination = useMemo<ListPagination | false>(() => {
    if (grid?.isShowPage === false) return false;
    return {
      current: paging.pageIndex,
      pageSize: paging.pageRows,
      total,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: (count: number) => t(exact ? 'common.total' : 'common.totalAtLeast', { total: count }),
    };
  }, [grid?.isShowPage, paging, total, exact, t]);

  return {
    tableProps: {
      rowKey: entity.primaryKey,
      dataSource: shown?.rows ?? EMPTY_ROWS,
      // A spinner only while there is nothing to show yet; a revalidation keeps the rows on screen.
      loading: answer.isLoading,
      pagination,
      onChange,
    },
    search,
    reload,
    selection,
    criteria,
    orderBy: paging.orderBy,
    refreshing: answer.isFetching && isPlaceholderData,
  };
}
