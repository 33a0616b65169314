/**
 * A generated list page: search form, toolbar buttons (actions ∩ granted resources), the grid
 * with server paging and sort, row buttons, links to the record, and modal editing when
 * page.editMode is 'modal'.
 */
import { Card, Space, Table } from 'antd';
import { useMemo, useState, type Key, type MouseEvent } from 'react';
import { useScreen } from '../core/DataProviderContext';
import { currentFilterVars } from '../core/filterVars';
import { actionsAt, actionsForToolbar, type ActionState } from '../core/pageActions';
import { useListController } from '../core/useListController';
import { useGrantedResources } from '../core/useResources';
import { useLabel, useLanguage } from '../i18n';
import type { DataRecord, PageDef } from '../meta';
import { describeColumns } from '../schema/columnDescriptor';
import { ActionButtons } from './ActionButtons';
import { useOpenPage } from './navigation';
import { useTabActivated } from '../app/tabContext';
import { RecordModal } from './RecordModal';
import { SearchForm } from './SearchForm';
import type { PageProps } from './types';
import { useActionRunner } from './useActionRunner';
import { useExport } from './useExport';
import { useListColumns } from './useListColumns';

interface ModalState {
  id?: unknown;
  readPretty: boolean;
}

/** Clicks on controls inside a row must not also open the record. */
function isControlClick(event: MouseEvent): boolean {
  return Boolean((event.target as HTMLElement).closest?.('button, a, input, label, .ant-checkbox-wrapper, .ant-select'));
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

/** Row selection whenever the grid asks for it or a toolbar action works on selected rows. */
function isSelectable(page: PageDef, toolbar: ActionState[]): boolean {
  return page.grid?.selection ?? toolbar.some(({ action }) => action.action !== 'create' && action.action !== 'export');
}

export function ListPage({ page, entities }: PageProps) {
  const entity = entities[page.entity ?? ''];
  const label = useLabel();
  const language = useLanguage();
  const screen = useScreen();
  const list = useListController(page, entity);
  // Kept alive in its tab: shown again, it reloads its rows (another tab may have saved one) and keeps its search.
  useTabActivated(list.reload);
  const { granted } = useGrantedResources();
  const [modal, setModal] = useState<ModalState | null>(null);
  const open = useRecordOpeners(page, entity.primaryKey, setModal);
  const vars = useMemo(() => currentFilterVars(screen), [screen]);
  const descriptors = useMemo(() => describeColumns(page.grid, entity, language), [page.grid, entity, language]);
  const exportList = useExport(page, entity, list, descriptors);
  const handlers = useMemo(
    () => ({ ...open, export: () => void exportList(), done: () => list.reload() }),
    [open, exportList, list.reload],
  );
  const runAction = useActionRunner(entity, handlers);
  const rowActions = useMemo(() => actionsAt(page, 'row'), [page]);
  const columns = useListColumns({ page, descriptors, rowActions, granted, vars, openRecord: open.view, runAction });
  const { selectedRows, selectedRowKeys } = list.selection;
  const toolbar = actionsForToolbar(actionsAt(page, 'toolbar'), granted, selectedRows, vars);
  const hasLinkColumn = descriptors.some((column) => column.linkTag && !column.hidden);
  const rowSelection = isSelectable(page, toolbar)
    ? { selectedRowKeys: selectedRowKeys as Key[], onChange: (keys: Key[], rows: DataRecord[]) => list.selection.onChange(keys, rows) }
    : undefined;

  return (
    <Card title={label(page.title)}>
      <SearchForm page={page} entity={entity} entities={entities} onSearch={list.search} />
      <Space style={{ marginBottom: 12 }}>
        <ActionButtons actions={toolbar} onRun={(action) => runAction(action, selectedRows)} />
      </Space>
      <Table<DataRecord>
        {...list.tableProps}
        columns={columns}
        rowSelection={rowSelection}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          onClick: (event) => !hasLinkColumn && !isControlClick(event) && open.view(row),
          style: hasLinkColumn ? undefined : { cursor: 'pointer' },
        })}
      />
      {modal && (
        <RecordModal
          page={page}
          entities={entities}
          entity={entity}
          id={modal.id}
          readPretty={modal.readPretty}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            list.reload();
          }}
        />
      )}
    </Card>
  );
}
