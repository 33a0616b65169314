/**
 * The "more" pages' paged list: 20 rows a page (docs/architecture.md "Spec: constants"), newest first as the
 * server orders them.
 */
import { Card, List } from 'antd';
import { useState, type ReactNode } from 'react';
import type { DataRecord } from '../../meta';
import type { Rows } from '../homeApi';
import { useRemote } from '../useRemote';

export const MORE_PAGE_ROWS = 20;

export function ReaderList({
  title,
  load,
  renderItem,
  empty,
  testId,
  keyOf,
}: {
  title: string;
  load: (pageIndex: number, pageRows: number) => Promise<Rows>;
  empty: string;
  testId: string;
  keyOf: (row: DataRecord) => string;
  renderItem: (row: DataRecord, markRead: (row: DataRecord, next: DataRecord) => void) => ReactNode;
}) {
  const [pageIndex, setPageIndex] = useState(1);
  const list = useRemote(() => load(pageIndex, MORE_PAGE_ROWS), [load, pageIndex]);
  const markRead = (row: DataRecord, next: DataRecord) =>
    list.set((v) => v && { ...v, rows: v.rows.map((r) => (keyOf(r) === keyOf(row) ? next : r)) });
  return (
    <Card title={title} data-testid={testId}>
      <List
        loading={list.loading}
        dataSource={list.value?.rows ?? []}
        locale={{ emptyText: empty }}
        rowKey={keyOf}
        renderItem={(row) => renderItem(row, markRead)}
        pagination={{
          current: pageIndex,
          pageSize: MORE_PAGE_ROWS,
          total: list.value?.page?.count ?? 0,
          onChange: setPageIndex,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
      />
    </Card>
  );
}
