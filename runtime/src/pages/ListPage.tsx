/**
 * A generated list page: search form, toolbar buttons (actions ∩ granted resources), the grid
 * with server paging and sort, row buttons, links to the record, and modal editing when
 * page.editMode is 'modal'.
 */
import { Card, Space, Table, Typography, type TableColumnType } from 'antd';
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../core/DataProviderContext';
import { currentFilterVars } from '../core/filterVars';
import { actionsAt, actionsForRow, actionsForToolbar } from '../core/pageActions';
import { useListController } from '../core/useListController';
import { useGrantedResources } from '../core/useResources';
import { useLabel, useLanguage } from '../i18n';
import type { DataRecord } from '../meta';
import { describeColumns } from '../schema/columnDescriptor';
import { buildGridColumns } from '../schema/gridColumns';
import { ActionButtons } from './ActionButtons';
import { useOpenPage } from './navigation';
import { RecordModal } from './RecordModal';
import { SearchForm } from './SearchForm';
import type { PageProps } from './types';
import { useActionRunner } from './useActionRunner';

interface ModalState {
  id?: unknown;
  readPretty: boolean;
}

/** Clicks on controls inside a row must not also open the record. */
function isControlClick(event: MouseEvent): boolean {
  return Boolean((event.target as HTMLElement).closest?.('button, a, input, label, .ant-checkbox-wrapper, .ant-select'));
}

function useRecordOpeners(props: PageProps, setModal: (state: ModalState) => void) {
  const { page, entities } = props;
  const entity = entities[page.entity ?? ''];
  const openPage = useOpenPage();
  const modal = page.editMode === 'modal' || !page.editPage;
  return useMemo(() => {
    const idOf = (row: DataRecord) => row[entity.primaryKey] as string | number;
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
  }, [page, entity, modal, openPage, setModal]);
}

export function ListPage(props: PageProps) {
  const { page, entities } = props;
  const entity = entities[page.entity ?? ''];
  const { t } = useTranslation();
  const label = useLabel();
  const language = useLanguage();
  const screen = useScreen();
  const controller = useListController(page, entity);
  const { granted } = useGrantedResources();
  const [modal, setModal] = useState<ModalState | null>(null);
  const open = useRecordOpeners(props, setModal);
  const vars = useMemo(() => currentFilterVars(screen), [screen]);
  const handlers = useMemo(() => ({ ...open, done: () => controller.reload() }), [open, controller.reload]);
  const runAction = useActionRunner(entity, handlers);

  const { selectedRows } = controller.selection;
  const toolbar = actionsForToolbar(actionsAt(page, 'toolbar'), granted, selectedRows, vars);
  const rowActions = actionsAt(page, 'row');
  const descriptors = useMemo(() => describeColumns(page.grid, entity, language), [page.grid, entity, language]);
  const hasLinkColumn = descriptors.some((column) => column.linkTag && !column.hidden);

  const columns = useMemo(() => {
    const renderLink = (row: DataRecord, content: ReactNode) => (
      <Typography.Link onClick={() => open.view(row)}>{content}</Typography.Link>
    );
    const list: TableColumnType<DataRecord>[] = buildGridColumns(descriptors, { renderLink });
    if (page.grid?.showIndex) list.unshift({ key: '__index', title: t('common.index'), width: 70, render: (_v, _r, i) => i + 1 });
    if (rowActions.some((action) => granted.has(action.resourceCode))) {
      list.push({
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
    return list;
  }, [descriptors, page.grid?.showIndex, rowActions, granted, vars, runAction, open, t]);

  const selectable = page.grid?.selection ?? toolbar.some(({ action }) => action.action !== 'create' && action.action !== 'export');
  const rowSelection = selectable
    ? {
        selectedRowKeys: controller.selection.selectedRowKeys as React.Key[],
        onChange: (keys: React.Key[], rows: DataRecord[]) => controller.selection.onChange(keys, rows),
      }
    : undefined;

  return (
    <Card title={label(page.title)}>
      <SearchForm page={page} entity={entity} entities={entities} onSearch={controller.search} />
      <Space style={{ marginBottom: 12 }}>
        <ActionButtons actions={toolbar} onRun={(action) => runAction(action, selectedRows)} />
      </Space>
      <Table<DataRecord>
        {...controller.tableProps}
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
            controller.reload();
          }}
        />
      )}
    </Card>
  );
}
