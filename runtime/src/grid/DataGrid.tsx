/**
 * The one grid of the runtime (list pages and line grids): antd Table with the spec's fixed
 * widths of selection (40) and expand (30) columns, column widths that hold (fixed layout; a
 * column without one takes DEFAULT_COLUMN_WIDTH), resizable headers, a body height from
 * GridConfig.height, and virtual rows once a page holds more than VIRTUAL_ROW_THRESHOLD rows
 * (500-row pages stay smooth: only the rows in view are in the DOM).
 */
import { Table, type TableColumnType, type TableProps } from 'antd';
import { memo, useMemo } from 'react';
import type { DataRecord, GridConfig } from '../meta';
import { bodyScrollY, EXPAND_COLUMN_WIDTH, isVirtual, SELECTION_COLUMN_WIDTH, totalWidth } from './gridRules';
import { ResizableHeaderCell } from './ResizableHeaderCell';

export interface DataGridProps extends Omit<TableProps<DataRecord>, 'columns' | 'scroll' | 'virtual'> {
  columns: TableColumnType<DataRecord>[];
  height?: GridConfig['height'];
}

const HEADER_COMPONENTS = { header: { cell: ResizableHeaderCell } };

/**
 * Drawn again only when a prop changes: a page drawn again for anything else (a hint, a dialog, the
 * toolbar) does not draw all its rows again.
 */
export const DataGrid = memo(function DataGrid({
  columns,
  height,
  dataSource,
  rowSelection,
  expandable,
  ...rest
}: DataGridProps) {
  const rowCount = dataSource?.length ?? 0;
  const virtual = isVirtual(rowCount);
  const scroll = useMemo(() => {
    const extra = (rowSelection ? SELECTION_COLUMN_WIDTH : 0) + (expandable ? EXPAND_COLUMN_WIDTH : 0);
    // The columns' widths hold (fixed layout, issue 33 item 11): a long supplier name shows an
    // ellipsis instead of pushing the columns after it out of a 1024 px screen; virtual rows need it too.
    const x = totalWidth(columns.map((column) => column.width as number | undefined)) + extra;
    return { x, y: bodyScrollY(height, rowCount) };
  }, [columns, height, rowCount, rowSelection, expandable]);

  return (
    <Table<DataRecord>
      {...rest}
      columns={columns}
      dataSource={dataSource}
      components={HEADER_COMPONENTS}
      rowSelection={rowSelection ? { columnWidth: SELECTION_COLUMN_WIDTH, ...rowSelection } : undefined}
      expandable={expandable ? { columnWidth: EXPAND_COLUMN_WIDTH, ...expandable } : undefined}
      scroll={scroll}
      tableLayout="fixed"
      virtual={virtual}
    />
  );
});
