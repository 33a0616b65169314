/**
 * Retiring a published field (its references listed first: pages showing it must drop it before
 * the server accepts) and purging a retired one, which drops the column and its data — only
 * after the admin types "entity.field".
 */
import { Alert, Input, List, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../core/feedback';
import type { FieldReference, TableModelApi } from './tableModelApi';

export interface FieldAction {
  mode: 'retire' | 'purge';
  entity: string;
  field: string;
  baseVersion: number;
}

interface Props {
  api: TableModelApi;
  action?: FieldAction;
  onClose: () => void;
  onDone: () => void;
}

export function FieldRetirement({ api, action, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [references, setReferences] = useState<FieldReference[]>();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    setReferences(undefined);
    setTyped('');
    if (action) api.findReferences(action.entity, action.field).then(setReferences, feedback.error);
  }, [action, api, feedback]);
  if (!action) return null;
  const target = `${action.entity}.${action.field}`;
  const run = async () => {
    try {
      if (action.mode === 'retire') await api.retireField(action.entity, action.field, action.baseVersion);
      else await api.purgeField(action.entity, action.field, action.baseVersion, typed);
      feedback.success(t(action.mode === 'retire' ? 'modeling.retire.done' : 'modeling.purge.done', { field: target }));
      onDone();
    } catch (error) {
      feedback.error(error);
    }
  };
  const purge = action.mode === 'purge';
  return (
    <Modal
      open
      title={t(purge ? 'modeling.purge.title' : 'modeling.retire.title', { field: target })}
      onCancel={onClose}
      onOk={run}
      okText={t(purge ? 'modeling.purge.confirm' : 'modeling.retire.confirm')}
      okButtonProps={{ danger: purge, disabled: purge && typed !== target }}
    >
      <Typography.Paragraph>{t(purge ? 'modeling.purge.explain' : 'modeling.retire.explain')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('modeling.retire.references')}</Typography.Title>
      {references === undefined ? (
        <Typography.Text type="secondary">…</Typography.Text>
      ) : references.length ? (
        <List
          size="small"
          bordered
          aria-label={t('modeling.retire.references')}
          dataSource={references}
          renderItem={(r) => <List.Item>{`${r.document} — ${r.message}`}</List.Item>}
        />
      ) : (
        <Alert type="success" message={t('modeling.retire.noReferences')} />
      )}
      {purge && (
        <Input
          aria-label={t('modeling.purge.typeLabel', { field: target })}
          placeholder={target}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          style={{ marginTop: 12 }}
        />
      )}
    </Modal>
  );
}
