/**
 * State of a list page's grid: criteria from the search form, paging (1-based, page sizes of
 * spec 1 section 9), server-side sort, selection — returned as props antd's Table takes as is.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { searchValuesToQuery, type ListCriteria } from '../schema/searchSchema';
import { orderByFromSorter } from '../schema/gridColumns';
import { useDataProvider } from './DataProviderContext';
import { useFeedback } from './feedback';

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
}

interface Paging {
  pageIndex: number;
  pageRows: number;
  orderBy?: string;
}

function useSelection(): ListSelection {
  const [state, setState] = useState<{ keys: unknown[]; rows: DataRecord[] }>({ keys: [], rows: [] });
  const clear = useCallback(() => setState({ keys: [], rows: [] }), []);
  const onChange = useCallback((keys: unknown[], rows: DataRecord[]) => setState({ keys, rows }), []);
  return { selectedRowKeys: state.keys, selectedRows: state.rows, onChange, clear };
}

export function useListController(page: PageDef, entity: EntityDef): ListController {
  const provider = useDataProvider();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const grid = page.grid;
  const [criteria, setCriteria] = useState<ListCriteria>({ params: {} });
  const [paging, setPaging] = useState<Paging>({
    pageIndex: 1,
    pageRows: grid?.pageSize ?? DEFAULT_PAGE_SIZE,
    orderBy: grid?.orderBy,
  });
  const [result, setResult] = useState({ rows: [] as DataRecord[], total: 0, exact: true });
  const [loading, setLoading] = useState(false);
  // isAutoRequest false: the grid stays empty until the first search.
  const [requested, setRequested] = useState(grid?.isAutoRequest !== false);
  const [reloadToken, setReloadToken] = useState(0);
  const selection = useSelection();

  useEffect(() => {
    if (!requested) return;
    let live = true;
    setLoading(true);
    const params = { ...(grid?.searchParams ?? {}), ...criteria.params };
    provider
      .listByPage(entity, { params, filter: criteria.filter, ...paging }, grid?.api)
      .then((answer) => {
        if (live) setResult({ rows: answer.rows, total: answer.page.count, exact: answer.page.countExact !== false });
      })
      .catch((error: unknown) => {
        // Spec 1 section 7: a failed list call reports empty data and stops loading.
        if (!live) return;
        setResult({ rows: [], total: 0, exact: true });
        feedback.error(error);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [provider, feedback, entity, grid, criteria, paging, requested, reloadToken]);

  const search = useCallback(
    (values: Record<string, unknown>) => {
      setCriteria(searchValuesToQuery(page.search?.fields ?? [], values, entity));
      setPaging((current) => ({ ...current, pageIndex: 1 }));
      setRequested(true);
      setReloadToken((token) => token + 1);
      selection.clear();
    },
    [page.search, entity, selection.clear],
  );

  const reload = useCallback(() => {
    setRequested(true);
    setReloadToken((token) => token + 1);
  }, []);

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

  const pagination = useMemo<ListPagination | false>(() => {
    if (grid?.isShowPage === false) return false;
    return {
      current: paging.pageIndex,
      pageSize: paging.pageRows,
      total: result.total,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
      showSizeChanger: true,
      showTotal: (total: number) => t(result.exact ? 'common.total' : 'common.totalAtLeast', { total }),
    };
  }, [grid?.isShowPage, paging, result.total, result.exact, t]);

  return {
    tableProps: { rowKey: entity.primaryKey, dataSource: result.rows, loading, pagination, onChange },
    search,
    reload,
    selection,
    criteria,
    orderBy: paging.orderBy,
  };
}
