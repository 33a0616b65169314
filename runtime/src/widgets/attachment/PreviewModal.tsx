/** In-app preview of images and PDF, from a blob fetched with the session (never a bare URL). */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InAppPreview } from './useAttachments';

export function PreviewModal({ preview, onClose }: { preview?: InAppPreview; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!preview}
      title={preview ? t('attachment.previewTitle', { name: preview.name }) : ''}
      footer={null}
      width={900}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview?.kind === 'image' && (
        <img src={preview.url} alt={preview.name} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
      )}
      {preview?.kind === 'pdf' && (
        <iframe src={preview.url} title={preview.name} style={{ width: '100%', height: '70vh', border: 0 }} />
      )}
    </Modal>
  );
}
