import { describe, expect, it } from 'vitest';
import type { PageAction } from '../meta';
import {
  activeAfterDelete,
  bodyScrollY,
  defaultRowEditable,
  EXPAND_COLUMN_WIDTH,
  gridHeight,
  INDEX_COLUMN_WIDTH,
  isCellEditable,
  isVirtual,
  OPERATE_COLUMN_WIDTH,
  PAGE_SIZE_OPTIONS,
  DEFAULT_PAGE_SIZE,
  requireGridApi,
  SELECTION_COLUMN_WIDTH,
  toolbarActions,
  totalWidth,
  VIRTUAL_ROW_THRESHOLD,
} from './gridRules';

describe('grid constants (docs/architecture.md "Spec: constants")', () => {
  it('has the spec widths, page sizes and default page size', () => {
    expect([INDEX_COLUMN_WIDTH, SELECTION_COLUMN_WIDTH, EXPAND_COLUMN_WIDTH, OPERATE_COLUMN_WIDTH]).toEqual([
      70, 40, 30, 80,
    ]);
    expect(PAGE_SIZE_OPTIONS).toEqual([20, 50, 100, 200, 500]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it('height: default 200, auto 500, a number as is', () => {
    expect(gridHeight(undefined)).toBe(200);
    expect(gridHeight('auto')).toBe(500);
    expect(gridHeight(320)).toBe(320);
    expect(gridHeight(0)).toBe(200);
  });

  it('fixes the body height when configured or once rows are virtual, else lets it grow', () => {
    expect(bodyScrollY(undefined, 20)).toBeUndefined();
    expect(bodyScrollY('auto', 3)).toBe(500);
    expect(bodyScrollY(undefined, 500)).toBe(200);
    expect(isVirtual(VIRTUAL_ROW_THRESHOLD)).toBe(false);
    expect(isVirtual(VIRTUAL_ROW_THRESHOLD + 1)).toBe(true);
  });

  it('sums widths with a default for unsized columns', () => {
    expect(totalWidth([100, undefined, 50])).toBe(300);
  });
});

describe('grid configuration', () => {
  it('raises "Please configure the API property" for a grid with neither api nor entity', () => {
    expect(() => requireGridApi(undefined, false)).toThrow('grid.noApi');
    expect(requireGridApi('/srmServer/v1/x/listByPage', false)).toBe('/srmServer/v1/x/listByPage');
    expect(requireGridApi(undefined, true)).toBeUndefined();
  });

  it('drops the toolbar when toolbar is false and the export button when export is false', () => {
    const actions = [{ action: 'create' }, { action: 'export' }] as PageAction[];
    expect(toolbarActions(undefined, actions)).toEqual(actions);
    expect(toolbarActions({ toolbar: false }, actions)).toEqual([]);
    expect(toolbarActions({ export: false }, actions).map((a) => a.action)).toEqual(['create']);
  });
});

describe('editable rows (docs/architecture.md "Spec: states")', () => {
  const base = {
    gridEditable: true,
    activeIndex: 1,
    rowIndex: 1,
    rowEditable: true,
    column: { key: 'quantity', editType: 'number' },
    columnEditable: true,
  };

  it('edits only the row last clicked, only when both rules allow', () => {
    expect(isCellEditable(base)).toBe(true);
    expect(isCellEditable({ ...base, rowIndex: 0 })).toBe(false);
    expect(isCellEditable({ ...base, activeIndex: null })).toBe(false);
    expect(isCellEditable({ ...base, rowEditable: false })).toBe(false);
    expect(isCellEditable({ ...base, columnEditable: false })).toBe(false);
    expect(isCellEditable({ ...base, gridEditable: false })).toBe(false);
    expect(isCellEditable({ ...base, column: { key: 'x', editType: 'viewSlot' } })).toBe(false);
  });

  it('row rule: editFlag N locks a row; rows without editFlag are editable', () => {
    expect(defaultRowEditable({})).toBe(true);
    expect(defaultRowEditable({ editFlag: 'Y' })).toBe(true);
    expect(defaultRowEditable({ editFlag: 'N' })).toBe(false);
  });

  it('keeps the active row right after a delete, and clears it when that row goes', () => {
    expect(activeAfterDelete(2, 2)).toBeNull();
    expect(activeAfterDelete(3, 1)).toBe(2);
    expect(activeAfterDelete(0, 1)).toBe(0);
    expect(activeAfterDelete(null, 0)).toBeNull();
  });
});
