/**
 * The attachment control (docs/architecture.md "What the specification fixes"): a table of the field's
 * attachments with upload,
 * preview, download and delete. The field value is the comma-separated attachment ids; buttons
 * follow the screen's granted resource codes unless the config sets checkBtnPermit false.
 */
import { connect, mapProps } from '@formily/react';
import { App, Button, Progress, Space, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useGrantedResources } from '../../core/useResources';
import type { AttachmentConfig } from '../../meta';
import type { AttachmentRecord } from './attachmentApi';
import { formatFileSize, TABLE_MAX_HEIGHT, visibleButtons } from './attachmentRules';
import { PreviewModal } from './PreviewModal';
import { useAttachments } from './useAttachments';

export interface AttachmentProps {
  value?: unknown;
  onChange?: (value: string) => void;
  config?: AttachmentConfig;
  /** The record type and id the files belong to (functionId, businessId of the upload). */
  functionId?: string;
  businessId?: unknown;
  readOnly?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
}

const NO_CONFIG: AttachmentConfig = {};

export function AttachmentBase({
  value,
  onChange,
  config = NO_CONFIG,
  functionId,
  businessId,
  readOnly,
  disabled,
  ...rest
}: AttachmentProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { granted } = useGrantedResources();
  const buttons = visibleButtons(config, granted);
  const state = useAttachments(value, onChange, config, { functionId, businessId });
  const editable = !readOnly && !disabled;

  const confirmDelete = (record: AttachmentRecord) =>
    modal.confirm({
      title: t('attachment.deleteTitle'),
      content: t('attachment.deleteConfirm'),
      onOk: () => state.remove(record),
    });

  const columns: ColumnsType<AttachmentRecord> = [
    { key: 'name', title: t('attachment.fileName'), dataIndex: 'originalFileName', ellipsis: true },
    {
      key: 'size',
      title: t('attachment.size'),
      dataIndex: 'size',
      width: 90,
      render: (size: number) => formatFileSize(size),
    },
    { key: 'uploader', title: t('attachment.uploader'), dataIndex: 'uploadedByName', width: 110 },
    { key: 'time', title: t('attachment.uploadTime'), dataIndex: 'creationDate', width: 160 },
    {
      key: 'operate',
      title: t('attachment.operate'),
      width: 190,
      render: (_: unknown, record) => (
        <Space size={0}>
          {buttons.preview && (
            <Button type="link" size="small" onClick={() => void state.openPreview(record)}>
              {t('attachment.preview')}
            </Button>
          )}
          {buttons.download && (
            <Button type="link" size="small" onClick={() => void state.download(record)}>
              {t('attachment.download')}
            </Button>
          )}
          {editable && buttons.delete && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(record)}>
              {t('attachment.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const chooser = (
    <Upload
      multiple={config.multiple !== false}
      showUploadList={false}
      accept={config.formats?.length ? config.formats.map((f) => `.${f}`).join(',') : undefined}
      // One upload call for everything chosen at once: antd asks per file, the first one sends the list.
      beforeUpload={(file, list) => {
        if (file === list[0]) void state.upload(list as unknown as File[]);
        return false;
      }}
    >
      <Button size="small">{t('attachment.upload')}</Button>
    </Upload>
  );

  return (
    <div aria-label={rest['aria-label']} role="group" style={{ width: '100%' }}>
      {editable && buttons.upload && (
        <div style={{ marginBottom: 8 }}>
          {state.uploading ? (
            <Progress percent={state.percent} size="small" status="active" aria-label={t('attachment.uploading')} />
          ) : (
            chooser
          )}
        </div>
      )}
      <Table<AttachmentRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={state.rows}
        pagination={false}
        scroll={{ y: TABLE_MAX_HEIGHT }}
        locale={{ emptyText: t('attachment.empty') }}
      />
      <PreviewModal preview={state.preview} onClose={state.closePreview} />
    </div>
  );
}

/** The Formily field component: read-pretty and read-only forms show the table without upload and delete. */
export const Attachment = connect(
  AttachmentBase,
  mapProps((props, field) => {
    const f = field as unknown as {
      title?: string;
      readOnly?: boolean;
      readPretty?: boolean;
      form?: { values: Record<string, unknown> };
    };
    const own = props as AttachmentProps & { businessKey?: string };
    return {
      ...props,
      'aria-label': own['aria-label'] ?? f.title,
      readOnly: own.readOnly || f.readOnly || f.readPretty,
      businessId: own.businessId ?? (own.businessKey ? f.form?.values[own.businessKey] : undefined),
    };
  }),
);
