/**
 * An attachment column's cell: the number of files as a link that opens the attachment control
 * (upload, preview, download, delete per the granted buttons) in a modal. Editable only when the
 * row is (line grids); elsewhere the control is read-only.
 */
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentConfig } from '../meta';
import { AttachmentBase } from '../widgets/attachment/Attachment';

export function attachmentCount(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return String(value)
    .split(',')
    .filter((id) => id.trim() !== '').length;
}

export interface AttachmentCellProps {
  value?: unknown;
  onChange?: (value: string) => void;
  config?: AttachmentConfig;
  title: string;
  readOnly?: boolean;
  functionId?: string;
  businessId?: unknown;
}

export function AttachmentCell({
  value,
  onChange,
  config,
  title,
  readOnly,
  functionId,
  businessId,
}: AttachmentCellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = attachmentCount(value);
  return (
    <>
      <Button
        type="link"
        size="small"
        aria-label={t('grid.attachmentsOf', { title, count })}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {t('grid.attachmentCount', { count })}
      </Button>
      {open && (
        <Modal open title={title} width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <AttachmentBase
            value={value}
            onChange={onChange}
            config={config}
            readOnly={readOnly || !onChange}
            functionId={functionId}
            businessId={businessId}
            aria-label={title}
          />
        </Modal>
      )}
    </>
  );
}
