/**
 * Column descriptors → antd Table columns with every ColumnConfig property of docs/architecture.md
 * "Spec: records and grid config":
 * title (red asterisk when required), width, fixedStyle, sortable (server-side), resizable
 * (drag handle), ellipsis, linkTag, buttonType button cells, checkbox cells, attachment cells,
 * lookup meanings and number formats (cellValue). Also the fixed index and operate columns.
 */
import { Button, Checkbox, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { DataRecord } from '../meta';
import { renderCellValue } from '../schema/cellValue';
import { isNumericType, type ColumnDescriptor } from '../schema/columnDescriptor';
import { AttachmentCell } from './AttachmentCell';
import { ColumnTitle } from './ColumnTitle';
import { INDEX_COLUMN_WIDTH, OPERATE_COLUMN_WIDTH } from './gridRules';
import type { ResizableHeaderProps } from './ResizableHeaderCell';

export const INDEX_COLUMN_KEY = '__index';
export const OPERATE_COLUMN_KEY = '__operate';

export interface DataColumnOptions {
  /** Renders a linkTag cell as a link to the record; without it links are plain text. */
  renderLink?: (row: DataRecord, content: ReactNode) => ReactNode;
  /** Click on an editType button cell. */
  onButton?: (row: DataRecord, column: ColumnDescriptor) => void;
  /** Called when the user finishes resizing a resizable column. */
  onResize?: (key: string, width: number) => void;
  /** Show the red asterisk of required columns (default true). */
  showRequired?: boolean;
  /** The rows' own key (not another record's id). */
  primaryKey?: string;
}

/** The read-only content of one cell, by editType and column semantics. */
export function renderDataCell(
  column: ColumnDescriptor,
  value: unknown,
  row: DataRecord,
  options: DataColumnOptions = {},
): ReactNode {
  if (column.attachmentConfig)
    return <AttachmentCell value={value} config={column.attachmentConfig} title={column.title} readOnly />;
  const content = renderCellValue(column, value, row);
  if (column.editType === 'checkbox') return <Checkbox checked={value === 'Y'} disabled aria-label={column.title} />;
  if (column.editType === 'button' && options.onButton) {
    const type = (column.buttonType ?? 'link') as 'link' | 'primary' | 'default' | 'dashed' | 'text';
    return (
      <Button type={type} size="small" onClick={() => options.onButton!(row, column)}>
        {content || column.title}
      </Button>
    );
  }
  return column.linkTag && options.renderLink ? options.renderLink(row, content) : content;
}

/**
 * What a cell stores where people must see something else: a value-set code (shown as its meaning),
 * a reference or another record's `…Id` integer (shown as the record's label; the grid's own key,
 * `primaryKey`, is the row's identity). The every-menu browser test (tests/e2e/rawWatch.ts)
 * compares each marked cell's text with its stored value (issue 33).
 */
export function storedValueMark(
  column: ColumnDescriptor,
  value: unknown,
  primaryKey?: string,
): Record<string, string> | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'object') return undefined;
  const { field } = column;
  const isForeignId = field.type === 'integer' && /.Id$/.test(column.key) && column.key !== primaryKey;
  const kind =
    column.type === 'lookup'
      ? 'code'
      : field.type === 'reference' || field.polymorphic
        ? 'reference'
        : isForeignId
          ? 'id'
          : undefined;
  return kind ? { 'data-stored-kind': kind, 'data-stored': String(value), 'data-column': column.key } : undefined;
}

export function buildDataColumn(
  column: ColumnDescriptor,
  options: DataColumnOptions = {},
): TableColumnType<DataRecord> {
  const { onResize } = options;
  return {
    key: column.key,
    dataIndex: column.key,
    title: <ColumnTitle column={column} showRequired={options.showRequired !== false} />,
    fixed: column.fixed,
    width: column.width,
    ellipsis: column.ellipsis,
    align: isNumericType(column.type) ? 'right' : undefined,
    sorter: column.sortable,
    onHeaderCell: () =>
      ({
        onResizeEnd: column.resizable && onResize ? (width: number) => onResize(column.key, width) : undefined,
        resizeLabel: column.title,
        baseWidth: column.width,
      }) as ResizableHeaderProps,
    onCell: (row: DataRecord) => storedValueMark(column, row[column.key], options.primaryKey) ?? {},
    render: (value: unknown, row: DataRecord) => renderDataCell(column, value, row, options),
  };
}

/** The visible columns, in order (columnsDisplay N and columns the user hid are left out). */
export function buildDataColumns(
  columns: ColumnDescriptor[],
  options: DataColumnOptions = {},
): TableColumnType<DataRecord>[] {
  return columns.filter((column) => !column.hidden).map((column) => buildDataColumn(column, options));
}

export function indexColumn(title: string, offset = 0): TableColumnType<DataRecord> {
  return {
    key: INDEX_COLUMN_KEY,
    title,
    width: INDEX_COLUMN_WIDTH,
    align: 'center',
    fixed: 'left',
    render: (_v, _r, index) => offset + index + 1,
  };
}

export function operateColumn(
  title: string,
  render: (row: DataRecord, index: number) => ReactNode,
  width = OPERATE_COLUMN_WIDTH,
): TableColumnType<DataRecord> {
  return { key: OPERATE_COLUMN_KEY, title, width, fixed: 'right', render: (_v, row, index) => render(row, index) };
}
