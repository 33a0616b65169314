/**
 * Display of one value in a grid cell, by column semantics: lookup → Tag, numbers and dates per
 * language (core/format), flag → icon, reference → its label. Used by the list grid and by the
 * inactive rows of line grids.
 */
import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '../core/format';
import { getLanguage } from '../core/language';
import type { DataRecord } from '../meta';
import { FlagIcon } from '../widgets/FlagIcon';
import { LookupTag } from '../widgets/LookupTag';
import type { ColumnDescriptor } from './columnDescriptor';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
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
      // Grouping and decimal symbols follow the language (grids re-render when it changes).
      return formatNumber(value, getLanguage(), { scale: column.scale, thousands: !!column.thousands });
    case 'date':
      return formatDate(value, 'date');
    case 'datetime':
      return formatDate(value, 'datetime');
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
