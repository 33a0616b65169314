/**
 * A paged list of the approval engine's session-level reads (findMyUpcoming, findMyApproval):
 * each row opens its document through the to-do's billLink (or the document's edit page), in the
 * menu of that page (resolved by path), not in the menu of this list.
 */
import { Card, Table, Typography, type TableColumnType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDataProvider } from '../core/DataProviderContext';
import { useFeedback } from '../core/feedback';
import { useTabActivated } from '../app/tabContext';
import type { DataRecord } from '../meta';
import { pageUrl } from '../pages/navigation';

const APPROVAL = { name: 'baseApproval', area: 'baseServer' };

export interface ApprovalListProps {
  title: string;
  /** findMyUpcoming or findMyApproval. */
  action: 'findMyUpcoming' | 'findMyApproval';
  columns: TableColumnType<DataRecord>[];
  rowKey: string;
  /** The page route (with ?id=) that opens a row's document. */
  linkOf: (row: DataRecord) => string | undefined;
  /** The column whose text is the link. */
  linkColumn: string;
}

/** `purRequisitionManage/purRequisitionEdit?id=12` → the shell URL, without this list's menuId. */
export function documentUrl(link: string): string {
  const [path, search = ''] = link.split('?');
  return pageUrl(path, Object.fromEntries(new URLSearchParams(search)));
}

export function ApprovalList({ title, action, columns, rowKey, linkOf, linkColumn }: ApprovalListProps) {
  const provider = useDataProvider();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [page, setPage] = useState({ pageIndex: 1, pageRows: 20 });
  const [state, setState] = useState<{ rows: DataRecord[]; count: number; loading: boolean }>({
    rows: [],
    count: 0,
    loading: true,
  });
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    provider.listByPage(APPROVAL, page, `/api/baseServer/v1/baseApprovalRestful/${action}`).then(
      (result) => setState({ rows: result.rows, count: result.page.count, loading: false }),
      (error: unknown) => {
        setState((s) => ({ ...s, loading: false }));
        feedback.error(error);
      },
    );
  }, [provider, page, action, feedback]);
  useEffect(load, [load]);
  // Kept alive in its tab: shown again, it reloads (a document may have been decided meanwhile).
  useTabActivated(load);
  const linked = columns.map((column) =>
    column.key !== linkColumn
      ? column
      : {
          ...column,
          render: (value: unknown, row: DataRecord) => {
            const link = linkOf(row);
            return link ? (
              <Typography.Link onClick={() => navigate(documentUrl(link))}>{String(value ?? '')}</Typography.Link>
            ) : (
              String(value ?? '')
            );
          },
        },
  );
  return (
    <Card title={title}>
      <Table<DataRecord>
        rowKey={rowKey}
        size="middle"
        loading={state.loading}
        columns={linked}
        dataSource={state.rows}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageRows,
          total: state.count,
          showSizeChanger: true,
          onChange: (pageIndex, pageRows) => setPage({ pageIndex, pageRows }),
        }}
      />
    </Card>
  );
}
