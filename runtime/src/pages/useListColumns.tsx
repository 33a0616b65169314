/** The list grid's columns: metadata columns, optional index column, and the row-button column. */
import { Typography, type TableColumnType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterVars } from '../core/evaluateFilter';
import { actionsForRow } from '../core/pageActions';
import type { DataRecord, PageAction, PageDef } from '../meta';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { buildGridColumns } from '../schema/gridColumns';
import { ActionButtons } from './ActionButtons';

export interface ListColumnsInput {
  page: PageDef;
  descriptors: ColumnDescriptor[];
  rowActions: PageAction[];
  granted: Set<string>;
  vars: FilterVars;
  openRecord: (row: DataRecord) => void;
  runAction: (action: PageAction, rows: DataRecord[]) => void;
}

export function useListColumns(input: ListColumnsInput): TableColumnType<DataRecord>[] {
  const { page, descriptors, rowActions, granted, vars, openRecord, runAction } = input;
  const { t } = useTranslation();
  return useMemo(() => {
    const renderLink = (row: DataRecord, content: ReactNode) => (
      <Typography.Link onClick={() => openRecord(row)}>{content}</Typography.Link>
    );
    const columns = buildGridColumns(descriptors, { renderLink });
    if (page.grid?.showIndex) {
      columns.unshift({ key: '__index', title: t('common.index'), width: 70, render: (_v, _r, index) => index + 1 });
    }
    if (rowActions.some((action) => granted.has(action.resourceCode))) {
      columns.push({
        key: '__operate',
        title: t('common.operate'),
        fixed: 'right',
        render: (_value, row) => (
          <ActionButtons
            asLinks
            size="small"
            actions={actionsForRow(rowActions, granted, row, vars)}
            onRun={(action) => runAction(action, [row])}
          />
        ),
      });
    }
    return columns;
  }, [page.grid?.showIndex, descriptors, rowActions, granted, vars, openRecord, runAction, t]);
}
