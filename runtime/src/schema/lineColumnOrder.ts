/**
 * Key columns first in a line grid (issue 33, item 11): the columns a pick fills — the copyFields
 * of a reference column the grid shows, such as an item's code, name, category and unit — follow
 * the columns the user enters (item, quantity, price, dates), so that at 1024 px a line shows its
 * quantity and price beside its item without scrolling. The filled columns keep their order.
 */
import type { ColumnDescriptor } from './columnDescriptor';

/** The keys of the columns a pick in another column of the grid fills. */
export function pickFilledKeys(columns: ColumnDescriptor[]): Set<string> {
  const shown = new Set(columns.map((column) => column.key));
  const filled = columns.flatMap((column) => Object.keys(column.field.reference?.copyFields ?? {}));
  return new Set(filled.filter((key) => shown.has(key)));
}

export function keyColumnsFirst(columns: ColumnDescriptor[]): ColumnDescriptor[] {
  const filled = pickFilledKeys(columns);
  if (!filled.size) return columns;
  return [...columns.filter((c) => !filled.has(c.key)), ...columns.filter((c) => filled.has(c.key))];
}
