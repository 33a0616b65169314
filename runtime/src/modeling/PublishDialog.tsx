/**
 * Publish, after the migration plan: what changes per document, the DDL the server will run,
 * and a comment kept with the version. Refusals (destructive changes, stale base version) come
 * back as errors and are shown on their fields by the designer.
 */
import { Alert, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MigrationPlan } from './tableModelApi';

interface Props {
  plan?: MigrationPlan;
  onCancel: () => void;
  onPublish: (comment: string) => Promise<void>;
}

export function PublishDialog({ plan, onCancel, onPublish }: Props) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      await onPublish(comment);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={Boolean(plan)}
      title={t('modeling.publish.title')}
      okText={t('modeling.publish.confirm')}
      onOk={publish}
      confirmLoading={busy}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnClose
      width={720}
    >
      <Typography.Title level={5}>{t('modeling.publish.migration')}</Typography.Title>
      {plan?.migration.length ? (
        <List
          size="small"
          bordered
          dataSource={plan.migration}
          renderItem={(line) => (
            <List.Item>
              <code>{line}</code>
            </List.Item>
          )}
          aria-label={t('modeling.publish.migration')}
        />
      ) : (
        <Alert type="info" message={t('modeling.publish.noMigration')} />
      )}
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('modeling.publish.changes')}
      </Typography.Title>
      <List
        size="small"
        dataSource={plan?.documents ?? []}
        renderItem={(doc) => (
          <List.Item>{`${doc.key ?? `${doc.kind}:${doc.name}`} — ${t('modeling.publish.changeCount', { count: doc.diff?.length ?? 0 })}`}</List.Item>
        )}
      />
      <Input.TextArea
        aria-label={t('modeling.publish.comment')}
        placeholder={t('modeling.publish.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        style={{ marginTop: 12 }}
      />
    </Modal>
  );
}
