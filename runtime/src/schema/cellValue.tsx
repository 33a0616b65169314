/**
 * Display of one value in a grid cell, by column semantics: lookup → Tag, numbers and dates per
 * language and field type (core/format: amounts in their row's currency, quantities without
 * padded zeros), flag → icon, reference → its label. Used by the list grid and by the
 * inactive rows of line grids.
 */
import type { ReactNode } from 'react';
import { CURRENCY_LOOKUP, currencyDecimals } from '../core/currency';
import { formatDate, formatFieldNumber } from '../core/format';
import { useLookup } from '../core/LookupContext';
import { getLanguage } from '../core/language';
import type { DataRecord } from '../meta';
import { FlagIcon } from '../widgets/FlagIcon';
import { LookupTag } from '../widgets/LookupTag';
import type { ColumnDescriptor } from './columnDescriptor';

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Text of a value without React (exports, titles, tests). Lookups need their values to read;
 * an amount shows `currencyDecimals` (its row's currency) when known, else its column's scale.
 */
export function formatCellText(
  column: ColumnDescriptor,
  value: unknown,
  row: DataRecord = {},
  currencyDecimals?: number,
): string {
  if (column.displayKey && !isBlank(row[column.displayKey])) return String(row[column.displayKey]);
  if (isBlank(value)) return '';
  switch (column.type) {
    case 'integer':
    case 'decimal':
    case 'money':
    case 'quantity': {
      // Grouping and decimal symbols follow the language (grids re-render when it changes).
      const scale = column.type === 'money' ? (currencyDecimals ?? column.scale) : column.scale;
      return formatFieldNumber(value, getLanguage(), { kind: column.type, scale, thousands: column.thousands });
    }
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

/** An amount in its row's currency: the currencies' decimals are a lookup, read once and cached. */
function MoneyCell({ column, value, row }: { column: ColumnDescriptor; value: unknown; row: DataRecord }) {
  const currencies = useLookup(CURRENCY_LOOKUP);
  return <>{formatCellText(column, value, row, currencyDecimals(currencies, row[column.currencyField as string]))}</>;
}

export function renderCellValue(column: ColumnDescriptor, value: unknown, row: DataRecord = {}): ReactNode {
  if (column.type === 'lookup' && !column.displayKey) return <LookupTag lookupType={column.lookupType} code={value} />;
  if (column.type === 'money' && column.currencyField && !isBlank(value))
    return <MoneyCell column={column} value={value} row={row} />;
  if (column.type === 'flag' && column.showIcon) return <FlagIcon value={value} />;
  return formatCellText(column, value, row);
}
