/**
 * A grid never draws a coded cell before its labels are known (issue 33, item 5): the value sets its
 * columns show (lookup meanings, the currencies whose decimals amounts show) are asked for as soon
 * as the grid's columns are known, alongside its rows, and the rows are withheld, the grid showing
 * its loading state, until every one of them has answered. Waiting is chosen over sending labels
 * with the rows: value sets are cached per language for the session (core/lookupCache), so only a
 * grid's first opening waits, and the list API stays one shape for every caller.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { CURRENCY_LOOKUP } from '../core/currency';
import { useLookupCache } from '../core/LookupContext';
import { useLanguage } from '../i18n';
import type { DataRecord } from '../meta';
import type { ColumnDescriptor } from '../schema/columnDescriptor';

/** The value sets whose labels the columns' cells show (schema/cellValue), each once. */
export function lookupTypesOf(columns: readonly ColumnDescriptor[]): string[] {
  const types = new Set<string>();
  for (const column of columns) {
    if (column.type === 'lookup' && !column.displayKey && column.lookupType) types.add(column.lookupType);
    if (column.type === 'money' && column.currencyField) types.add(CURRENCY_LOOKUP);
  }
  return [...types].sort();
}

/**
 * Whether every value set the columns show has answered (a failed one counts: its cells then show
 * their codes). Once ready for its columns and language a grid stays so: a cell mounting again asks a
 * failed value set once more, and withholding the rows meanwhile would unmount it, in a loop.
 */
export function useCellLabelsReady(columns: readonly ColumnDescriptor[]): boolean {
  const cache = useLookupCache();
  const language = useLanguage();
  const types = useMemo(() => lookupTypesOf(columns).join(','), [columns]);
  const results = useQueries(
    { queries: (types ? types.split(',') : []).map((type) => cache.options(type, language)) },
    cache.client,
  );
  const answered = useRef('');
  const key = `${language}:${types}`;
  if (results.every((result) => result.isSuccess || result.isError)) answered.current = key;
  return answered.current === key;
}

const NO_ROWS: DataRecord[] = [];

/** A grid's rows and loading state with the rows held back until the columns' labels are known. */
export function useLabelledRows<T extends { dataSource?: readonly DataRecord[]; loading?: boolean }>(
  tableProps: T,
  columns: readonly ColumnDescriptor[],
): T {
  return useCellLabelsReady(columns) ? tableProps : { ...tableProps, dataSource: NO_ROWS, loading: true };
}
