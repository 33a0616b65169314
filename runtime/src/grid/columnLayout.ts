/**
 * A user's column layout (tableConfigRestful): order, visibility and width of a grid's metadata
 * columns. Applying it never adds columns the metadata does not have; columns the saved layout
 * does not know (added to the page later) keep their default place at the end.
 */
import type { SavedColumn } from '../core/preferences';
import type { ColumnDescriptor } from '../schema/columnDescriptor';

export type { SavedColumn } from '../core/preferences';

/** The descriptors in the saved order, with the saved visibility and width. */
export function applyLayout(columns: ColumnDescriptor[], saved: SavedColumn[] | null | undefined): ColumnDescriptor[] {
  if (!saved?.length) return columns;
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const placed = saved
    .filter((entry) => byKey.has(entry.key))
    .map((entry) => ({
      ...byKey.get(entry.key)!,
      hidden: !entry.visible,
      width: entry.width ?? byKey.get(entry.key)!.width,
    }));
  const known = new Set(placed.map((column) => column.key));
  const rest = columns.filter((column) => !known.has(column.key));
  const result = [...placed, ...rest];
  // A layout hiding every column would leave an empty grid: fall back to the defaults.
  return result.some((column) => !column.hidden) ? result : columns;
}

/** The layout to save for the descriptors as shown now. */
export function layoutOf(columns: ColumnDescriptor[]): SavedColumn[] {
  return columns.map((column) =>
    column.width
      ? { key: column.key, visible: !column.hidden, width: Math.round(column.width) }
      : { key: column.key, visible: !column.hidden },
  );
}

/** Moves the column at `from` one place up (-1) or down (+1); out of range changes nothing. */
export function moveColumn<T>(columns: T[], from: number, delta: -1 | 1): T[] {
  const to = from + delta;
  if (from < 0 || from >= columns.length || to < 0 || to >= columns.length) return columns;
  const next = [...columns];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export function setVisible(columns: ColumnDescriptor[], key: string, visible: boolean): ColumnDescriptor[] {
  const next = columns.map((column) => (column.key === key ? { ...column, hidden: !visible } : column));
  return next.some((column) => !column.hidden) ? next : columns;
}

export function setWidth(columns: ColumnDescriptor[], key: string, width: number): ColumnDescriptor[] {
  return columns.map((column) => (column.key === key ? { ...column, width: Math.max(30, Math.round(width)) } : column));
}
