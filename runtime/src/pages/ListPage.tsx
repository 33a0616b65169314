/**
 * A generated list page: search form, toolbar buttons (actions ∩ granted resources), the grid
 * with server paging and sort, row buttons, links to the record, and modal editing when
 * page.editMode is 'modal'.
 */
import { Alert, Card, Space, Typography } from 'antd';
import { useCallback, useMemo, useState, type Key, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../core/DataProviderContext';
import { currentFilterVars } from '../core/filterVars';
import { actionsAt, actionsForToolbar, markBusy, type ActionState } from '../core/pageActions';
import { useListController } from '../core/useListController';
import { useGrantedResources } from '../core/useResources';
import { useLabel, useLanguage } from '../i18n';
import type { DataRecord, PageDef } from '../meta';
import { describeColumns, type ColumnDescriptor } from '../schema/columnDescriptor';
import { ColumnSettings } from '../grid/ColumnSettings';
import { DataGrid } from '../grid/DataGrid';
import { HiddenColumnsRow } from '../grid/HiddenColumnsRow';
import { isGridConfigured, toolbarActions } from '../grid/gridRules';
import { useTableConfig } from '../grid/useTableConfig';
import { useLabelledRows } from '../grid/useCellLabels';
import { setWidth } from '../grid/columnLayout';
import { ActionButtons } from './ActionButtons';
import { useOpenOtherPage, useOpenPage } from './navigation';
import { useTabActivated } from '../app/tabContext';
import { RecordModal } from './RecordModal';
import { SearchForm } from './SearchForm';
import { searchValuesFromQuery } from '../schema/searchFromQuery';
import type { PageProps } from './types';
import { useActionRunner, type OpenTarget } from './useActionRunner';
import { useExport } from './useExport';
import { ImportDialog } from '../exchange/ImportDialog';
import { useListColumns } from './useListColumns';

interface ModalState {
  id?: unknown;
  readPretty: boolean;
}

/** Clicks on controls inside a row must not also open the record. */
function isControlClick(event: MouseEvent): boolean {
  return Boolean(
    (event.target as HTMLElement).closest?.('button, a, input, label, .ant-checkbox-wrapper, .ant-select'),
  );
}

/** Create/edit/view go to the edit page (or detail page), or open the modal. */
function useRecordOpeners(page: PageDef, primaryKey: string, setModal: (state: ModalState) => void) {
  const openPage = useOpenPage();
  const modal = page.editMode === 'modal' || !page.editPage;
  return useMemo(() => {
    const idOf = (row: DataRecord) => row[primaryKey] as string | number;
    return {
      create: () => (modal ? setModal({ readPretty: false }) : openPage(page.editPage as string)),
      edit: (row: DataRecord) =>
        modal ? setModal({ id: idOf(row), readPretty: false }) : openPage(page.editPage as string, { id: idOf(row) }),
      view: (row: DataRecord) => {
        if (page.detailPage) openPage(page.detailPage, { id: idOf(row) });
        else if (modal) setModal({ id: idOf(row), readPretty: true });
        else openPage(page.editPage as string, { id: idOf(row), mode: 'view' });
      },
    };
  }, [page, primaryKey, modal, openPage, setModal]);
}

/** Resizing a column saves the user's layout with its new width. */
function resizer(columns: ColumnDescriptor[], change: (columns: ColumnDescriptor[]) => void) {
  return (key: string, width: number) => change(setWidth(columns, key, width));
}

function rowOffsetOf(list: ReturnType<typeof useListController>): number {
  const { pagination } = list.tableProps;
  return pagination ? (pagination.current - 1) * pagination.pageSize : 0;
}

/** Row selection whenever the grid asks for it or a toolbar action works on selected rows. */
function isSelectable(page: PageDef, toolbar: ActionState[]): boolean {
  return page.grid?.selection ?? toolbar.some(({ action }) => !['create', 'export', 'import'].includes(action.action));
}

export function ListPage(props: PageProps) {
  const { t } = useTranslation();
  const entity = props.entities[props.page.entity ?? ''];
  // docs/architecture.md "Spec: validators": a grid must name its list API (its entity's, or GridConfig.api).
  if (!isGridConfigured(props.page.grid?.api, Boolean(entity)))
    return <Alert type="error" showIcon message={t('grid.noApi')} />;
  return <ListPageFromQuery {...props} />;
}

/** Opens the list searched by its URL query; a new query (a to-do link to the tab already open) starts it afresh. */
function ListPageFromQuery(props: PageProps) {
  // The query's text, not the object: the same query again keeps the page as it is.
  const queryText = useSearchParams()[0].toString();
  const entity = props.entities[props.page.entity ?? ''];
  const fields = props.page.search?.fields;
  const initialSearch = useMemo(
    () => searchValuesFromQuery(fields ?? [], new URLSearchParams(queryText), entity),
    [fields, queryText, entity],
  );
  const preset = Object.keys(initialSearch).length ? initialSearch : undefined;
  return <ConfiguredListPage key={JSON.stringify(preset ?? {})} {...props} initialSearch={preset} />;
}

function ConfiguredListPage({
  page,
  entities,
  initialSearch,
}: PageProps & { initialSearch?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entity = entities[page.entity ?? ''];
  const label = useLabel();
  const language = useLanguage();
  const screen = useScreen();
  const list = useListController(page, entity, initialSearch);
  // Kept alive in its tab: shown again, it revalidates its rows in the background (someone else may have
  // changed one) and keeps its search. Writes made in this app refetch it already (core/queries.tsx).
  useTabActivated(list.reload);
  const { granted } = useGrantedResources();
  const [modal, setModal] = useState<ModalState | null>(null);
  const [importing, setImporting] = useState(false);
  const open = useRecordOpeners(page, entity.primaryKey, setModal);
  const vars = useMemo(() => currentFilterVars(screen), [screen]);
  const defaults = useMemo(() => describeColumns(page.grid, entity, language), [page.grid, entity, language]);
  const tableConfig = useTableConfig(defaults, { pagePath: page.path, gridName: page.grid?.name });
  const descriptors = tableConfig.columns;
  const exportList = useExport(page, entity, list, descriptors);
  // No reload after an action: the provider's write invalidates the entity's lists (core/queries.tsx).
  const openOther = useOpenOtherPage();
  const handlers = useMemo(
    () => ({
      ...open,
      export: () => void exportList(),
      exportCsv: () => void exportList('csv'),
      open: (target: OpenTarget) => openOther(target.path, { id: target.id }),
      openPage: (path: string, row: DataRecord, idParam = 'id') =>
        openOther(path, { [idParam]: row[entity.primaryKey] as string | number }),
    }),
    [open, exportList, openOther, entity.primaryKey],
  );
  const { run: runAction, busy, fileInput } = useActionRunner(entity, handlers);
  const rowActions = useMemo(() => actionsAt(page, 'row'), [page]);
  // On the layout's parts, not the config object (new on every drawing): the grid's columns, and so
  // the grid, stay the same objects while nothing they show changed.
  const onResize = useMemo(() => resizer(descriptors, tableConfig.change), [descriptors, tableConfig.change]);
  const columns = useListColumns({
    page,
    descriptors,
    rowActions,
    granted,
    vars,
    openRecord: open.view,
    runAction,
    busy,
    primaryKey: entity.primaryKey,
    onResize,
    rowOffset: rowOffsetOf(list),
  });
  const tableProps = useLabelledRows(list.tableProps, descriptors);
  const { selectedRows, selectedRowKeys } = list.selection;
  const toolbar = markBusy(
    actionsForToolbar(toolbarActions(page.grid, actionsAt(page, 'toolbar')), granted, selectedRows, vars),
    busy,
  );
  const hasLinkColumn = descriptors.some((column) => column.linkTag && !column.hidden);
  const selectable = isSelectable(page, toolbar);
  const onSelect = list.selection.onChange;
  const rowSelection = useMemo(
    () =>
      selectable
        ? {
            selectedRowKeys: selectedRowKeys as Key[],
            onChange: (keys: Key[], rows: DataRecord[]) => onSelect(keys, rows),
          }
        : undefined,
    [selectable, selectedRowKeys, onSelect],
  );
  const expandable = useMemo(
    () =>
      page.grid?.expand
        ? { expandedRowRender: (row: DataRecord) => <HiddenColumnsRow columns={descriptors} row={row} /> }
        : undefined,
    [page.grid?.expand, descriptors],
  );
  const view = open.view;
  const onRow = useCallback(
    (row: DataRecord) => ({
      onClick: (event: MouseEvent) => !hasLinkColumn && !isControlClick(event) && view(row),
      style: hasLinkColumn ? undefined : { cursor: 'pointer' },
    }),
    [hasLinkColumn, view],
  );

  return (
    // data-page-type: the every-menu browser test finds list screens by it (demo rows on each).
    <Card title={label(page.title)} data-page-type="list">
      <SearchForm
        page={page}
        entity={entity}
        entities={entities}
        onSearch={list.search}
        initialValues={initialSearch}
      />
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <ActionButtons
          actions={toolbar}
          onRun={(action) => (action.action === 'import' ? setImporting(true) : runAction(action, selectedRows))}
        />
        <Space>
          {/* The previous rows stay while the next page or search loads: a hint, not a spinner over them. */}
          {list.refreshing && (
            <Typography.Text type="secondary" role="status">
              {t('common.loading')}
            </Typography.Text>
          )}
          <ColumnSettings columns={descriptors} onChange={tableConfig.change} onReset={tableConfig.reset} />
        </Space>
      </Space>
      <DataGrid
        {...tableProps}
        columns={columns}
        height={page.grid?.height}
        rowSelection={rowSelection}
        expandable={expandable}
        onRow={onRow}
      />
      {fileInput}
      <ImportDialog open={importing} onClose={() => setImporting(false)} entity={entity} />
      {modal && (
        <RecordModal
          page={page}
          entities={entities}
          entity={entity}
          id={modal.id}
          readPretty={modal.readPretty}
          onClose={() => setModal(null)}
          onSaved={() => setModal(null)}
        />
      )}
    </Card>
  );
}
