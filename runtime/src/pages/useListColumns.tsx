/**
 * The list grid's columns: the user's arrangement of the metadata columns (grid/columnBuilder),
 * the index column (showIndex, width 70) and the row-button column (operateSlot, default width
 * 80, wider for two icons and "more") of the row actions granted on the menu.
 */
import { Typography, type TableColumnType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterVars } from '../core/evaluateFilter';
import { actionsForRow, markBusy, type BusyAction } from '../core/pageActions';
import { buildDataColumns, indexColumn, operateColumn } from '../grid/columnBuilder';
import { OPERATE_COLUMN_WIDTH } from '../grid/gridRules';
import type { DataRecord, PageAction, PageDef } from '../meta';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { INLINE_ROW_ACTIONS, RowActions } from './RowActions';

export interface ListColumnsInput {
  page: PageDef;
  descriptors: ColumnDescriptor[];
  rowActions: PageAction[];
  granted: Set<string>;
  vars: FilterVars;
  openRecord: (row: DataRecord) => void;
  runAction: (action: PageAction, rows: DataRecord[]) => void;
  /** The file action running now: its row's button shows it (rows known by primaryKey). */
  busy?: BusyAction;
  primaryKey?: string;
  onResize?: (key: string, width: number) => void;
  /** Rows before this page (index column counts on across pages). */
  rowOffset?: number;
}

/** A small icon-only link button (RowActions), and the cell's padding on both sides. */
const ICON_BUTTON_WIDTH = 24;
const CELL_PADDING = 32;

/**
 * The operate column fits the inline icons (at most INLINE_ROW_ACTIONS, the rest fold into the
 * "more" icon), never below the spec's 80.
 */
export function operateWidth(buttonCount: number): number {
  const icons = Math.min(buttonCount, INLINE_ROW_ACTIONS) + (buttonCount > INLINE_ROW_ACTIONS ? 1 : 0);
  return Math.max(OPERATE_COLUMN_WIDTH, icons * ICON_BUTTON_WIDTH + CELL_PADDING);
}

export function useListColumns(input: ListColumnsInput): TableColumnType<DataRecord>[] {
  const {
    page,
    descriptors,
    rowActions,
    granted,
    vars,
    openRecord,
    runAction,
    onResize,
    rowOffset = 0,
    busy,
    primaryKey = '',
  } = input;
  const { t } = useTranslation();
  return useMemo(() => {
    const renderLink = (row: DataRecord, content: ReactNode) => (
      <Typography.Link onClick={() => openRecord(row)}>{content}</Typography.Link>
    );
    const columns = buildDataColumns(descriptors, {
      renderLink,
      onButton: (row) => openRecord(row),
      onResize,
      showRequired: false,
      primaryKey,
    });
    if (page.grid?.showIndex) columns.unshift(indexColumn(t('common.index'), rowOffset));
    const grantedRowActions = rowActions.filter((action) => granted.has(action.resourceCode));
    if (page.grid?.operateSlot !== false && grantedRowActions.length) {
      const render = (row: DataRecord) => (
        <RowActions
          actions={markBusy(actionsForRow(rowActions, granted, row, vars), busy, row[primaryKey])}
          onRun={(action) => runAction(action, [row])}
        />
      );
      columns.push(operateColumn(t('common.operate'), render, operateWidth(grantedRowActions.length)));
    }
    return columns;
  }, [
    page.grid?.showIndex,
    page.grid?.operateSlot,
    descriptors,
    rowActions,
    granted,
    vars,
    openRecord,
    runAction,
    busy,
    primaryKey,
    onResize,
    rowOffset,
    t,
  ]);
}
