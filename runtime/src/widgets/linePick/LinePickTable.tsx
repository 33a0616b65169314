/**
 * The picker's rows: the source entity's listByPage through the list controller (paged, sorted,
 * the query layer's cache), with the pick's columns and a checkbox per row that keeps rows chosen
 * on other pages.
 */
import type { FilterNode } from '@meridian/metadata';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListController } from '../../core/useListController';
import { buildDataColumns } from '../../grid/columnBuilder';
import { DataGrid } from '../../grid/DataGrid';
import { useLabelledRows } from '../../grid/useCellLabels';
import type { DataRecord, PageDef } from '../../meta';
import type { LinePickProps } from '../../schema/linePickProps';
import type { LinePickSelection } from './useLinePick';

interface LinePickTableProps {
  props: LinePickProps;
  filter?: FilterNode;
  selection: LinePickSelection;
}

/** A list page of the source for the controller: the pick's grid with the resolved filter. */
function pickerPage(props: LinePickProps, filter: FilterNode | undefined): PageDef {
  return {
    metaVersion: 1,
    kind: 'page',
    path: `linePick/${props.pick.entity}`,
    type: 'list',
    entity: props.source.name,
    title: props.pick.label,
    grid: { ...props.pick.grid, filter, isShowPage: true, isAutoRequest: true },
  } as PageDef;
}

export function LinePickTable({ props, filter, selection }: LinePickTableProps) {
  const { t } = useTranslation();
  const page = useMemo(() => pickerPage(props, filter), [props, filter]);
  const tableProps = useLabelledRows(useListController(page, props.source).tableProps, props.columns);
  const columns = useMemo(() => buildDataColumns(props.columns, { showRequired: false }), [props.columns]);
  const display = props.source.displayField ?? props.source.primaryKey;
  return (
    <DataGrid
      {...tableProps}
      size="small"
      bordered
      height={400}
      columns={columns}
      locale={{ emptyText: t('linePick.empty') }}
      rowSelection={{
        type: 'checkbox',
        preserveSelectedRowKeys: true,
        selectedRowKeys: selection.selectedRowKeys,
        onChange: (keys, rows) => selection.onChange(keys, rows),
        // antd passes these to the row's checkbox; its type leaves out aria attributes.
        getCheckboxProps: (row: DataRecord) =>
          ({ 'aria-label': `${t('linePick.selectRow')} ${String(row[display] ?? '')}` }) as object,
      }}
    />
  );
}
