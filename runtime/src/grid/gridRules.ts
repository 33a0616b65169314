/**
 * The grid's numbers and rules of docs/architecture.md "Spec: records and grid config", "Spec: states",
 * "Spec: constants", as plain functions: fixed column
 * widths, page sizes, body height, when rows are virtualised, and which cell is editable.
 */
import type { GridConfig, PageAction } from '../meta';
import type { ColumnDescriptor } from '../schema/columnDescriptor';

export const INDEX_COLUMN_WIDTH = 70;
export const SELECTION_COLUMN_WIDTH = 40;
export const EXPAND_COLUMN_WIDTH = 30;
export const OPERATE_COLUMN_WIDTH = 80;
export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200, 500];
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_GRID_HEIGHT = 200;
export const AUTO_GRID_HEIGHT = 500;
/** Width assumed for a column without one, where a total is needed (virtual rows need a numeric scroll.x). */
export const DEFAULT_COLUMN_WIDTH = 150;
/** Above this many rows the body renders only the rows in view (antd 5 Table `virtual`). */
export const VIRTUAL_ROW_THRESHOLD = 50;

export class GridConfigError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
    this.name = 'GridConfigError';
  }
}

/** GridConfig.height in pixels: a number as is, 'auto' 500, otherwise the spec's default 200. */
export function gridHeight(height: GridConfig['height'] | undefined): number {
  if (height === 'auto') return AUTO_GRID_HEIGHT;
  return typeof height === 'number' && height > 0 ? height : DEFAULT_GRID_HEIGHT;
}

export function isVirtual(rowCount: number): boolean {
  return rowCount > VIRTUAL_ROW_THRESHOLD;
}

/**
 * The body's scroll height: a configured height always; otherwise only once rows are virtualised
 * (a short page of a list grows with its rows, as before — docs/decisions.md, "Grid height").
 */
export function bodyScrollY(height: GridConfig['height'] | undefined, rowCount: number): number | undefined {
  if (height !== undefined || isVirtual(rowCount)) return gridHeight(height);
  return undefined;
}

/** A grid lists through its api or its entity's listByPage; with neither it cannot load ("Please configure the API property"). */
export function isGridConfigured(api: string | undefined, hasEntity: boolean): boolean {
  return Boolean(api) || hasEntity;
}

/** The listByPage address of a grid: its api, or the entity's own; neither is a configuration error. */
export function requireGridApi(api: string | undefined, hasEntity: boolean): string | undefined {
  if (!isGridConfigured(api, hasEntity)) throw new GridConfigError('grid.noApi');
  return api;
}

/** Toolbar actions the grid shows: none when toolbar is false, no export button when export is false. */
export function toolbarActions(
  grid: Pick<GridConfig, 'toolbar' | 'export'> | undefined,
  actions: PageAction[],
): PageAction[] {
  if (grid?.toolbar === false) return [];
  return grid?.export === false ? actions.filter((action) => action.action !== 'export') : actions;
}

export interface CellEditInput {
  /** The grid is editable at all (isEdit, the form's pattern). */
  gridEditable: boolean;
  /** The row last clicked; null when none. */
  activeIndex: number | null;
  rowIndex: number;
  /** Row-level rule: the row may be edited (e.g. editFlag Y). */
  rowEditable: boolean;
  column: Pick<ColumnDescriptor, 'editType' | 'key'>;
  /** Column-level rule: the column may be edited (not read-only, not viewSlot). */
  columnEditable: boolean;
}

/**
 * docs/architecture.md "Spec: states": only the row last clicked, and only where both the row's and the
 * column's rules allow.
 */
export function isCellEditable(input: CellEditInput): boolean {
  if (!input.gridEditable || input.activeIndex !== input.rowIndex) return false;
  if (input.column.editType === 'viewSlot') return false;
  return input.rowEditable && input.columnEditable;
}

/** Default row-level rule: a row that carries editFlag is editable only when it is Y. */
export function defaultRowEditable(row: Record<string, unknown>): boolean {
  return row.editFlag === undefined || row.editFlag === null || row.editFlag === 'Y';
}

/** The active row after deleting `deleted`: cleared if it was that row, shifted if it came after. */
export function activeAfterDelete(active: number | null, deleted: number): number | null {
  if (active === null || active === deleted) return null;
  return active > deleted ? active - 1 : active;
}

/** Sum of the columns' widths, for a numeric scroll.x. */
export function totalWidth(widths: (number | undefined)[]): number {
  return widths.reduce<number>((sum, width) => sum + (width ?? DEFAULT_COLUMN_WIDTH), 0);
}
