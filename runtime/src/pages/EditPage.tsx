/**
 * A generated edit page (and, read-pretty, the detail page): `?id=` loads the record, no id
 * creates one; a record its state locks (useFormActions) is shown read-only with a notice. Save stays on the page with the re-read record and its new versionNum; a 409
 * shows the conflict notice with Reload; 400 field errors land on their fields.
 */
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useScreen } from '../core/DataProviderContext';
import { markBusy } from '../core/pageActions';
import { hasId, useRecordController } from '../core/useRecordController';
import { useLabel } from '../i18n';
import type { DataRecord } from '../meta';
import { LifecycleTimeline } from '../approvals/LifecycleTimeline';
import { ActionButtons } from './ActionButtons';
import { ConflictNotice } from './ConflictNotice';
import { pageUrl, useOpenOtherPage, useOpenPage } from './navigation';
import { useCloseOwnTab, useTabActivated } from '../app/tabContext';
import { RecordForm } from './RecordForm';
import { STICKY_CARD_HEAD } from './stickyHead';
import type { PageProps } from './types';
import { useActionRunner } from './useActionRunner';
import { useFormActions } from './useFormActions';
import { useRecordHeading } from './useRecordHeading';
import { useRecordForm } from './useRecordForm';
import { useSaveRecord } from './useSaveRecord';

export interface EditPageProps extends PageProps {
  readPretty?: boolean;
}

/** After creating, the URL gets the new id so that a reload shows the saved record. */
function useRememberNewId(idField: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  return (saved: DataRecord | null) => {
    const newId = saved?.[idField];
    if (!saved || searchParams.get('id') || newId === undefined || newId === null) return;
    const next = new URLSearchParams(searchParams);
    next.set('id', String(newId));
    setSearchParams(next, { replace: true });
  };
}

export function EditPage({ page, entities, readPretty: readPrettyProp = false }: EditPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const openPage = useOpenPage();
  const [searchParams] = useSearchParams();
  const viewing = readPrettyProp || searchParams.get('mode') === 'view';
  const entity = entities[page.entity ?? ''];
  const controller = useRecordController(entity, searchParams.get('id') ?? undefined);
  const { canSave, saveAction, endpointActions, locked, viewOnly } = useFormActions(page, controller.record, viewing);
  const readOnly = viewing || locked || viewOnly;
  const { form, schema } = useRecordForm(page, entities, entity, controller.record, readOnly);
  const heading = useRecordHeading(page, entity, readOnly);
  const save = useSaveRecord(form, controller);
  const rememberNewId = useRememberNewId(entity.primaryKey);
  const { load } = controller;
  // Kept alive in its tab and shown again (its to-do opened, its tab clicked): someone else may have
  // acted on the record meanwhile. A read-only page is read again; an editable form never is, as the
  // user's changes (typed, or lines added and removed) must not be replaced behind their back — a
  // save then meets the version check.
  useTabActivated(() => {
    if (readOnly && hasId(searchParams.get('id'))) void load();
  });
  const openOther = useOpenOtherPage();
  const handlers = useMemo(
    () => ({
      done: () => void load(),
      openPage: (path: string, row: DataRecord, idParam = 'id') =>
        openOther(path, { [idParam]: row[entity.primaryKey] as string | number }),
    }),
    [load, openOther, entity.primaryKey],
  );
  const { run: runAction, busy, fileInput } = useActionRunner(entity, handlers);
  const closeOwnTab = useCloseOwnTab();
  const screen = useScreen();
  // Back closes this screen's tab (a kept-alive edit form would go stale) and shows the list.
  const goBack = () => {
    if (page.listPage && closeOwnTab)
      closeOwnTab(pageUrl(page.listPage, { menuId: screen.menuId, respId: screen.respId }));
    else if (page.listPage) openPage(page.listPage);
    else window.history.back();
  };

  if (controller.notFound) {
    return (
      <Result status="404" title={t('record.notFound')} extra={<Button onClick={goBack}>{t('common.back')}</Button>} />
    );
  }
  const saveLabel = saveAction ? label(saveAction.label) : t('common.save');
  const toolbar = (
    <Space wrap>
      {canSave && (
        // The name stays the label: after a quick save antd leaves its (invisible) "loading" icon
        // in the button when the icon's leave motion has nothing to animate; aria-busy says when it saves.
        <Button
          type="primary"
          loading={controller.saving}
          aria-label={saveLabel}
          aria-busy={controller.saving}
          onClick={() => void save().then(rememberNewId)}
        >
          {saveLabel}
        </Button>
      )}
      <ActionButtons
        actions={markBusy(endpointActions, busy)}
        onRun={(action) => runAction(action, [controller.record ?? {}])}
      />
      {fileInput}
      <Button onClick={goBack}>{t('common.back')}</Button>
    </Space>
  );
  return (
    <Card title={heading} extra={toolbar} styles={STICKY_CARD_HEAD}>
      {controller.conflict && <ConflictNotice onReload={() => void controller.load()} />}
      {locked && !viewing && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('record.locked')} />}
      <Spin spinning={controller.loading}>
        <RecordForm form={form} schema={schema} />
      </Spin>
      <LifecycleTimeline entity={entity} record={controller.record} />
    </Card>
  );
}
