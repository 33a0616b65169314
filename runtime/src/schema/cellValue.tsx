/**
 * Display of one value in a grid cell, by column semantics: lookup → Tag, money → grouped
 * decimal string, flag → icon, reference → its label. Used by the list grid and by the
 * inactive rows of line grids.
 */
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatDecimal } from '../core/decimal';
import type { DataRecord } from '../meta';
import { FlagIcon } from '../widgets/FlagIcon';
import { LookupTag } from '../widgets/LookupTag';
import type { ColumnDescriptor } from './columnDescriptor';
import { DATE_FORMAT, DATETIME_FORMAT } from './fieldComponent';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

export function formatDate(value: unknown, pattern: string): string {
  if (isBlank(value)) return '';
  const parsed = dayjs(value as string);
  return parsed.isValid() ? parsed.format(pattern) : String(value);
}

/** Text of a value without React (exports, titles, tests). Lookups need their values to read. */
export function formatCellText(column: ColumnDescriptor, value: unknown, row: DataRecord = {}): string {
  if (column.displayKey && !isBlank(row[column.displayKey])) return String(row[column.displayKey]);
  if (isBlank(value)) return '';
  switch (column.type) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'quantity':
      return formatDecimal(value, { scale: column.scale, thousands: column.thousands });
    case 'date':
      return formatDate(value, DATE_FORMAT);
    case 'datetime':
      return formatDate(value, DATETIME_FORMAT);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

export function renderCellValue(column: ColumnDescriptor, value: unknown, row: DataRecord = {}): ReactNode {
  if (column.type === 'lookup' && !column.displayKey) return <LookupTag lookupType={column.lookupType} code={value} />;
  if (column.type === 'flag' && column.showIcon) return <FlagIcon value={value} />;
  return formatCellText(column, value, row);
}
