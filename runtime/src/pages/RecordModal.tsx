/** Create/edit/view a record in a modal over its list (page.editMode === 'modal'). */
import { Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordController } from '../core/useRecordController';
import { useLabel } from '../i18n';
import type { DataRecord, EntityDef, PageDef } from '../meta';
import { ConflictNotice } from './ConflictNotice';
import { RecordForm } from './RecordForm';
import { useRecordForm } from './useRecordForm';
import { useSaveRecord } from './useSaveRecord';
import { SCROLLING_MODAL_BODY } from './stickyHead';

export interface RecordModalProps {
  page: PageDef;
  entities: Record<string, EntityDef>;
  entity: EntityDef;
  id?: unknown;
  readPretty?: boolean;
  onClose: () => void;
  onSaved: (record: DataRecord) => void;
}

/**
 * Wide enough for the form's columns and its line grids (FormSection follows the window): the
 * screen's width less a margin on small screens, 1200 px from xl, 1440 px from xxl.
 */
const MODAL_WIDTH = { xs: '96vw', xl: 1200, xxl: 1440 };

export function RecordModal({ page, entities, entity, id, readPretty = false, onClose, onSaved }: RecordModalProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const controller = useRecordController(entity, id);
  const { form, schema } = useRecordForm(page, entities, entity, controller.record, readPretty);
  const save = useSaveRecord(form, controller);
  const titleKey = readPretty ? 'record.viewTitle' : id ? 'record.editTitle' : 'record.createTitle';
  const onOk = async () => {
    const saved = await save();
    if (saved) onSaved(saved);
  };
  return (
    <Modal
      open
      width={MODAL_WIDTH}
      title={t(titleKey, { title: label(entity.label) })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={controller.saving}
      onOk={() => void onOk()}
      onCancel={onClose}
      footer={readPretty ? null : undefined}
      styles={SCROLLING_MODAL_BODY}
      // A click beside a form being filled must not throw away what was typed: only 取消, the ×
      // and Esc close it. A read-only view still closes on a click outside.
      maskClosable={readPretty}
      destroyOnHidden
    >
      {controller.conflict && <ConflictNotice onReload={() => void controller.load()} />}
      <Spin spinning={controller.loading}>
        <RecordForm form={form} schema={schema} />
      </Spin>
    </Modal>
  );
}
