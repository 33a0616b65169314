/**
 * The list page's import dialog: download the template, pick an .xlsx, upload it; a refused file
 * shows its row/column errors and a link to the error file, a good one closes with the count.
 */
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../core/DataProviderContext';
import type { EntityAddress } from '../core/dataProvider';
import { saveFile } from '../core/download';
import { useFeedback } from '../core/feedback';
import { useInvalidateEntity } from '../core/queries';
import type { RequestFn } from '../core/request';
import {
  downloadErrorFile,
  downloadImportTemplate,
  importExcel,
  type ImportOutcome,
  type ImportRowError,
} from './importClient';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The entity the screen's import writes: after an import its lists (on every tab) and records are invalidated. */
  entity?: EntityAddress;
  /** Called after rows were imported. */
  onImported?: () => void;
  /** The HTTP client (default: the app's); tests pass their own. */
  request?: RequestFn;
}

function RefusalView({ outcome, request }: { outcome: Extract<ImportOutcome, { ok: false }>; request?: RequestFn }) {
  const { t } = useTranslation();
  const screen = useScreen();
  const feedback = useFeedback();
  const errors = outcome.refusal?.errors ?? [];
  const url = outcome.refusal?.errorFileUrl;
  const columns = [
    { title: t('import.row'), dataIndex: 'row', width: 70 },
    { title: t('import.column'), dataIndex: 'column', width: 140 },
    { title: t('import.message'), dataIndex: 'message' },
  ];
  const download = () =>
    url && downloadErrorFile(url, screen, request).then(saveFile, (e: unknown) => feedback.error(e));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-errors">
      <Alert type="error" showIcon message={outcome.message} />
      {errors.length > 0 && (
        <Table<ImportRowError>
          size="small"
          rowKey={(e, i) => `${e.row}-${e.column}-${i}`}
          columns={columns}
          dataSource={errors}
          pagination={{ pageSize: 10 }}
        />
      )}
      {url && (
        <Button type="link" onClick={download}>
          {t('import.errorFile')}
        </Button>
      )}
    </Space>
  );
}

export function ImportDialog({ open, onClose, entity, onImported, request }: ImportDialogProps) {
  const { t } = useTranslation();
  const screen = useScreen();
  const feedback = useFeedback();
  const invalidateEntity = useInvalidateEntity();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const close = () => {
    setFile(null);
    setOutcome(null);
    onClose();
  };
  const template = () => downloadImportTemplate(screen, request).then(saveFile, (e: unknown) => feedback.error(e));
  const upload = async () => {
    if (!file) return feedback.warning(t('import.noFile'));
    setBusy(true);
    try {
      const result = await importExcel(screen, file, request);
      setOutcome(result);
      if (result.ok) {
        feedback.success(t('import.succeeded', { count: result.imported }));
        if (entity) invalidateEntity(entity);
        onImported?.();
        close();
      }
    } catch (e) {
      feedback.error(e);
    } finally {
      setBusy(false);
    }
  };
  const picked: UploadFile[] = file ? [{ uid: 'import', name: file.name, status: 'done' }] : [];

  return (
    <Modal
      title={t('import.title')}
      open={open}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('import.close')}
        </Button>,
        <Button key="upload" type="primary" loading={busy} onClick={upload}>
          {t('import.upload')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('import.hint')}</Typography.Paragraph>
        <Space>
          <Button onClick={template}>{t('import.downloadTemplate')}</Button>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={picked}
            onRemove={() => setFile(null)}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setOutcome(null);
              return false;
            }}
          >
            <Button>{t('import.chooseFile')}</Button>
          </Upload>
        </Space>
        {outcome && !outcome.ok && <RefusalView outcome={outcome} request={request} />}
      </Space>
    </Modal>
  );
}
