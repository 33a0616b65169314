/**
 * A shipped entity's document as the designer can read it: its name, label and the fields a client
 * may see, with their labels and types. Read-only (docs/decisions.md 17): an administrator looks
 * up what to reference, or which fields a screen of the application has.
 */
import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../i18n';
import type { TargetEntity } from './referenceTargets';

type TargetField = TargetEntity['fields'][number];

export function ShippedEntityView({ entity, onClose }: { entity?: TargetEntity; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Modal
      open={!!entity}
      title={entity ? `${t('modeling.kind.entity')} ${entity.name}` : undefined}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnClose
    >
      {entity && (
        <>
          <Typography.Paragraph>
            {label(entity.label)} · {t('modeling.entity.primaryKey')} {entity.primaryKey} ·{' '}
            {t('modeling.documentList.readOnly')}
          </Typography.Paragraph>
          <Table<TargetField>
            size="small"
            rowKey="name"
            dataSource={entity.fields}
            pagination={false}
            scroll={{ y: 420 }}
            aria-label={t('modeling.fields')}
            columns={[
              { key: 'name', dataIndex: 'name', title: t('modeling.field.name') },
              { key: 'label', title: t('modeling.documentList.label'), render: (_, f) => label(f.label) },
              {
                key: 'type',
                title: t('modeling.field.type'),
                width: 110,
                render: (_, f) => t(`modeling.type.${f.type}`, { defaultValue: f.type }),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
