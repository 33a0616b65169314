/**
 * A generated edit page (and, read-pretty, the detail page): `?id=` loads the record, no id
 * creates one. Save stays on the page with the re-read record and its new versionNum; a 409
 * shows the conflict notice with Reload; 400 field errors land on their fields.
 */
import { Button, Card, Result, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useScreen } from '../core/DataProviderContext';
import { currentFilterVars } from '../core/filterVars';
import { actionsAt, actionsForRow } from '../core/pageActions';
import { useRecordController } from '../core/useRecordController';
import { useGrantedResources } from '../core/useResources';
import { useLabel } from '../i18n';
import type { DataRecord } from '../meta';
import { ActionButtons } from './ActionButtons';
import { ConflictNotice } from './ConflictNotice';
import { useOpenPage } from './navigation';
import { RecordForm } from './RecordForm';
import type { PageProps } from './types';
import { useActionRunner } from './useActionRunner';
import { useRecordForm } from './useRecordForm';
import { useSaveRecord } from './useSaveRecord';

export interface EditPageProps extends PageProps {
  readPretty?: boolean;
}

const SAVE_ACTION = 'saveOrUpdate';

export function EditPage({ page, entities, readPretty = false }: EditPageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const screen = useScreen();
  const openPage = useOpenPage();
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('id') ?? undefined;
  const entity = entities[page.entity ?? ''];
  const controller = useRecordController(entity, id);
  const { form, schema } = useRecordForm(page, entities, entity, controller.record, readPretty);
  const save = useSaveRecord(form, controller);
  const { granted } = useGrantedResources();
  const handlers = useMemo(() => ({ done: () => void controller.load() }), [controller.load]);
  const runAction = useActionRunner(entity, handlers);

  const record: DataRecord = controller.record ?? {};
  const vars = useMemo(() => currentFilterVars(screen), [screen]);
  const formActions = actionsAt(page, 'form');
  // Lifecycle buttons need a saved record; the save button is not shown read-pretty.
  const endpointActions = controller.record
    ? actionsForRow(formActions.filter((a) => a.action !== SAVE_ACTION), granted, record, vars)
    : [];
  const saveAction = formActions.find((action) => action.action === SAVE_ACTION);
  // A page that declares no save action still gets one (the server enforces permissions).
  const canSave = !readPretty && (!saveAction || actionsForRow([saveAction], granted, record, vars).some((a) => !a.disabled));

  const onSave = async () => {
    const saved = await save();
    const newId = saved?.[entity.primaryKey];
    if (saved && !id && newId !== undefined && newId !== null) {
      const next = new URLSearchParams(searchParams);
      next.set('id', String(newId));
      setSearchParams(next, { replace: true });
    }
  };
  const goBack = () => (page.listPage ? openPage(page.listPage) : window.history.back());

  if (controller.notFound) {
    return <Result status="404" title={t('record.notFound')} extra={<Button onClick={goBack}>{t('common.back')}</Button>} />;
  }
  const toolbar = (
    <Space wrap>
      {canSave && (
        <Button type="primary" loading={controller.saving} onClick={() => void onSave()}>
          {saveAction ? label(saveAction.label) : t('common.save')}
        </Button>
      )}
      <ActionButtons actions={endpointActions} onRun={(action) => runAction(action, [record])} />
      <Button onClick={goBack}>{t('common.back')}</Button>
    </Space>
  );
  return (
    <Card title={label(page.title)} extra={toolbar}>
      {controller.conflict && <ConflictNotice onReload={() => void controller.load()} />}
      <Spin spinning={controller.loading}>
        <RecordForm form={form} schema={schema} />
      </Spin>
    </Card>
  );
}
