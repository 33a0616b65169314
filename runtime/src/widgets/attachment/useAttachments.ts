/**
 * The state of one attachment control: the records behind the field's ids, the upload in
 * progress (idle or uploading, docs/architecture.md "Spec: states") and the actions. The field value stays the
 * comma-separated ids; records are loaded for ids the control does not know yet.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../core/DataProviderContext';
import { saveFile } from '../../core/download';
import { useFeedback } from '../../core/feedback';
import type { AttachmentConfig } from '../../meta';
import { createAttachmentApi, type AttachmentApi, type AttachmentRecord } from './attachmentApi';
import {
  checkChosenFile,
  externalPreviewUrl,
  joinAttachmentIds,
  parseAttachmentIds,
  previewKind,
} from './attachmentRules';

export const AttachmentApiContext = createContext<AttachmentApi>(createAttachmentApi());

export interface AttachmentOwner {
  functionId?: string;
  businessId?: unknown;
}

export interface InAppPreview {
  name: string;
  url: string;
  kind: 'image' | 'pdf';
}

export function useAttachments(
  value: unknown,
  onChange: ((value: string) => void) | undefined,
  config: AttachmentConfig,
  owner: AttachmentOwner,
) {
  const api = useContext(AttachmentApiContext);
  const screen = useScreen();
  const feedback = useFeedback();
  const { t } = useTranslation();
  const ids = useMemo(() => parseAttachmentIds(value), [value]);
  const [records, setRecords] = useState<Record<number, AttachmentRecord>>({});
  const [percent, setPercent] = useState<number | undefined>(undefined);
  const [preview, setPreview] = useState<InAppPreview | undefined>(undefined);
  const known = useRef(records);
  known.current = records;

  const remember = useCallback((rows: AttachmentRecord[]) => {
    setRecords((current) => ({ ...current, ...Object.fromEntries(rows.map((row) => [row.id, row])) }));
  }, []);

  useEffect(() => {
    const missing = ids.filter((id) => !known.current[id]);
    if (!missing.length) return;
    let live = true;
    api.list(missing, screen).then(
      (rows) => live && remember(rows),
      (error) => live && feedback.error(error),
    );
    return () => {
      live = false;
    };
  }, [api, ids, screen, feedback, remember]);

  const upload = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        const problem = checkChosenFile(file, config);
        if (problem)
          return feedback.warning(
            problem.kind === 'format'
              ? t('attachment.formatMismatch', { formats: problem.formats })
              : t('attachment.tooLarge', { size: problem.size }),
          );
      }
      setPercent(0);
      try {
        const businessId =
          owner.businessId === undefined || owner.businessId === null ? undefined : String(owner.businessId);
        const saved = await api.upload(
          files,
          {
            path: config.path,
            fileDesc: config.fileDesc,
            functionId: owner.functionId,
            businessId,
            maxSize: config.maxSize ? String(config.maxSize) : undefined,
            formats: config.formats?.join(','),
          },
          screen,
          setPercent,
        );
        remember(saved);
        onChange?.(joinAttachmentIds([...ids, ...saved.map((row) => row.id)]));
        feedback.success(t('attachment.uploaded'));
      } catch (error) {
        feedback.error(error);
      } finally {
        setPercent(undefined);
      }
    },
    [api, config, feedback, ids, onChange, owner.businessId, owner.functionId, remember, screen, t],
  );

  const remove = useCallback(
    async (record: AttachmentRecord) => {
      try {
        await api.remove([record.id], screen);
        onChange?.(joinAttachmentIds(ids.filter((id) => id !== record.id)));
        feedback.success(t('attachment.deleted'));
      } catch (error) {
        feedback.error(error);
      }
    },
    [api, feedback, ids, onChange, screen, t],
  );

  const download = useCallback(
    async (record: AttachmentRecord) => {
      try {
        saveFile(await api.download(record, screen));
      } catch (error) {
        feedback.error(error);
      }
    },
    [api, feedback, screen],
  );

  const openPreview = useCallback(
    async (record: AttachmentRecord) => {
      const kind = previewKind(record.originalFileName);
      if (kind === 'external') {
        if (!config.previewService) return feedback.warning(t('attachment.noPreview'));
        // Opened now, inside the click, so no pop-up blocker stops it; filled once the link is signed.
        const target = window.open('', '_blank');
        if (target) target.opener = null;
        try {
          const link = await api.previewLink(record, screen);
          if (target) target.location.href = externalPreviewUrl(config.previewService, link, window.location.origin);
        } catch (error) {
          target?.close();
          feedback.error(error);
        }
        return;
      }
      try {
        const file = await api.download(record, screen);
        setPreview({ name: record.originalFileName, url: URL.createObjectURL(file.blob), kind });
      } catch (error) {
        feedback.error(error);
      }
    },
    [api, config.previewService, feedback, screen, t],
  );

  const closePreview = useCallback(() => {
    setPreview((current) => {
      if (current) URL.revokeObjectURL(current.url);
      return undefined;
    });
  }, []);

  const rows = ids.map((id) => records[id]).filter((row): row is AttachmentRecord => !!row);
  return {
    rows,
    uploading: percent !== undefined,
    percent: percent ?? 0,
    preview,
    upload,
    remove,
    download,
    openPreview,
    closePreview,
  };
}
