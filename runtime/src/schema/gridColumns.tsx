/**
 * GridConfig → antd Table columns (docs/architecture.md "Spec: records and grid config" names): titles by
 * language, hidden
 * columns dropped (columnsDisplay N), fixedStyle → fixed, sortable by default (server-side),
 * linkTag values open the record.
 */
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import type { DataRecord } from '../meta';
import { isNumericType, type ColumnDescriptor } from './columnDescriptor';
import { renderCellValue } from './cellValue';

export interface GridColumnOptions {
  /** Renders a linkTag cell as a link to the record; without it links are plain text. */
  renderLink?: (row: DataRecord, content: ReactNode) => ReactNode;
}

export function buildGridColumn(
  column: ColumnDescriptor,
  options: GridColumnOptions = {},
): TableColumnType<DataRecord> {
  return {
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    fixed: column.fixed,
    width: column.width,
    ellipsis: column.ellipsis,
    align: isNumericType(column.type) ? 'right' : undefined,
    sorter: column.sortable,
    render: (value: unknown, row: DataRecord) => {
      const content = renderCellValue(column, value, row);
      return column.linkTag && options.renderLink ? options.renderLink(row, content) : content;
    },
  };
}

export function buildGridColumns(
  columns: ColumnDescriptor[],
  options: GridColumnOptions = {},
): TableColumnType<DataRecord>[] {
  return columns.filter((column) => !column.hidden).map((column) => buildGridColumn(column, options));
}

/** antd sorter → listByPage orderBy ("field asc|desc"); undefined when unsorted. */
export function orderByFromSorter(sorter: unknown): string | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single || typeof single !== 'object') return undefined;
  const { field, columnKey, order } = single as { field?: unknown; columnKey?: unknown; order?: string | null };
  const name = (Array.isArray(field) ? field.join('.') : field) ?? columnKey;
  if (!name || !order) return undefined;
  return `${String(name)} ${order === 'descend' ? 'desc' : 'asc'}`;
}
