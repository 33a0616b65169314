/** Pure rules of the attachment control: ids, limits, sizes, button codes and preview kinds. */
import type { AttachmentConfig } from '../../meta';

/**
 * docs/architecture.md "Spec: validators", "Spec: constants": default max size 102400 (KB), several files per
 * upload, table at most 240 px high.
 */
export const DEFAULT_MAX_SIZE_KB = 102400;
export const TABLE_MAX_HEIGHT = 240;

/** docs/architecture.md "Spec: buttons": the buttons' resource codes. */
export const ATTACHMENT_BUTTONS = {
  upload: 'btnUploadAttachment',
  preview: 'btnFilePreview',
  download: 'btnDownloadAttachment',
  delete: 'btnDelAttachment',
} as const;

export type AttachmentButton = keyof typeof ATTACHMENT_BUTTONS;

/** The field value "12,13" (or an array) as ids; anything that is not an id is dropped. */
export function parseAttachmentIds(value: unknown): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : typeof value === 'number'
        ? [value]
        : [];
  const ids = items.map((item) => Number(String(item).trim())).filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function joinAttachmentIds(ids: number[]): string {
  return ids.join(',');
}

/** Which buttons show: all when checkBtnPermit is off, else only those whose code is granted. */
export function visibleButtons(config: AttachmentConfig, granted: Set<string>): Record<AttachmentButton, boolean> {
  const permitted = (button: AttachmentButton) =>
    config.checkBtnPermit === false || granted.has(ATTACHMENT_BUTTONS[button]);
  return {
    upload: permitted('upload'),
    preview: permitted('preview'),
    download: permitted('download'),
    delete: permitted('delete'),
  };
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export type FileProblem = { kind: 'format'; formats: string } | { kind: 'size'; size: number };

/** Checks before sending (the server checks again, and checks the content): format, then size. */
export function checkChosenFile(
  file: { name: string; size: number },
  config: AttachmentConfig,
): FileProblem | undefined {
  const formats = (config.formats ?? []).map((f) => f.toLowerCase());
  if (formats.length && !formats.includes(extensionOf(file.name)))
    return { kind: 'format', formats: formats.join(', ') };
  const maxKb = config.maxSize ?? DEFAULT_MAX_SIZE_KB;
  if (file.size > maxKb * 1024) return { kind: 'size', size: maxKb };
  return undefined;
}

const UNITS = ['B', 'KB', 'MB', 'GB'];

export function formatFileSize(bytes: number | undefined): string {
  if (bytes === undefined || bytes === null || !Number.isFinite(bytes)) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

const IMAGE_TYPES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

/** Images and PDF are shown in the application; other types only through an external preview service. */
export function previewKind(fileName: string): 'image' | 'pdf' | 'external' {
  const extension = extensionOf(fileName);
  if (IMAGE_TYPES.has(extension)) return 'image';
  return extension === 'pdf' ? 'pdf' : 'external';
}

/** Base64 of UTF-8 text (btoa alone accepts only Latin-1). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * docs/architecture.md "Spec: calls": `{service}/onlinePreview?url={base64 of previewUrl}` with the
 * previewUrl made absolute.
 */
export function externalPreviewUrl(service: string, previewUrl: string, origin: string): string {
  const absolute = new URL(previewUrl, origin).toString();
  return `${service.replace(/\/+$/, '')}/onlinePreview?url=${encodeURIComponent(base64(absolute))}`;
}
