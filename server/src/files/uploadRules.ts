import { ApiError, Errors } from '../http/apiError';
import { contentMatches, DEFAULT_FORMATS, extensionOf } from './contentCheck';
import { fileTooLarge, type ReceivedFile } from './uploadReceiver';

/** What one upload call accepts: the server's limits, narrowed (never widened) by the call's own. */
export interface UploadLimits {
  maxBytes: number;
  formats: string[];
}

export function serverLimits(maxSizeKb: number, formats: string[] | undefined): UploadLimits {
  return { maxBytes: maxSizeKb * 1024, formats: formats ?? DEFAULT_FORMATS };
}

/**
 * The call may ask for less: `maxSize` in KB (docs/architecture.md "Spec: validators", default 102400) and `formats`
 * (comma-separated extensions), as the attachment config of a field sends them.
 */
export function callLimits(server: UploadLimits, fields: Record<string, string>): UploadLimits {
  let { maxBytes, formats } = server;
  if (fields.maxSize) {
    const kb = Number(fields.maxSize);
    if (!Number.isFinite(kb) || kb <= 0)
      throw Errors.badRequest('maxSize 无效', 'maxSize must be a positive number of KB');
    maxBytes = Math.min(maxBytes, Math.floor(kb * 1024));
  }
  if (fields.formats) {
    const asked = fields.formats
      .split(',')
      .map((f) => f.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean);
    formats = formats.filter((f) => asked.includes(f));
  }
  return { maxBytes, formats };
}

/** Format mismatch (docs/architecture.md "Spec: messages"): only the configured formats are supported. */
export const formatMismatch = (formats: string[]) =>
  new ApiError(400, {
    cn: `仅支持 ${formats.join('、')} 格式的文件`,
    en: `Only files in these formats are supported: ${formats.join(', ')}`,
  });

const contentMismatch = (name: string, extension: string) =>
  Errors.badRequest(
    `文件“${name}”的内容与扩展名 .${extension} 不符`,
    `The content of "${name}" is not a .${extension} file`,
  );

/** Every file must be of an allowed format, within size, and its bytes must be what its extension says. */
export function checkFiles(files: ReceivedFile[], limits: UploadLimits): void {
  if (!files.length)
    throw Errors.badRequest('请选择要上传的文件', 'Choose at least one file to upload (form field "files")');
  for (const file of files) {
    const extension = extensionOf(file.originalFileName);
    if (!limits.formats.includes(extension)) throw formatMismatch(limits.formats);
    if (file.size > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
    if (!contentMatches(extension, file.head)) throw contentMismatch(file.originalFileName, extension);
  }
}
