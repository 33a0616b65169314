/**
 * The file server calls of the attachment control (docs/architecture.md "Spec: calls"). Uploads go through
 * XMLHttpRequest because fetch cannot report upload progress; everything else goes through the
 * one request client (headers, appsign, envelope, blob answers with status E).
 */
import { ApiError } from '../../core/apiError';
import { busy } from '../../core/busy';
import { getLanguage } from '../../core/language';
import {
  buildHeaders,
  request as defaultRequest,
  unwrapEnvelope,
  type FileResult,
  type RequestFn,
  type ScreenIds,
} from '../../core/request';
import { expireSessionOn401 } from '../../core/session';
import { cn } from '../../i18n/cn';
import { en } from '../../i18n/en';

const BASE = '/api/fileServer/v2/file';
export const UPLOAD_PATH = `${BASE}/upload`;

/** An attachment as the file server answers it. */
export interface AttachmentRecord {
  id: number;
  fileId: string;
  originalFileName: string;
  extension?: string;
  contentType?: string;
  size?: number;
  previewUrl: string;
  uploadedByName?: string | null;
  creationDate?: string;
  fileDesc?: string | null;
}

/** Text fields of an upload next to the files (path, functionId, businessId, fileDesc, maxSize, formats). */
export type UploadFields = Record<string, string | undefined>;

export interface AttachmentApi {
  list(ids: number[], screen: ScreenIds): Promise<AttachmentRecord[]>;
  upload(
    files: File[],
    fields: UploadFields,
    screen: ScreenIds,
    onProgress: (percent: number) => void,
  ): Promise<AttachmentRecord[]>;
  download(record: AttachmentRecord, screen: ScreenIds): Promise<FileResult>;
  remove(ids: number[], screen: ScreenIds): Promise<void>;
  /** A signed link (10 minutes) the external preview service can fetch without a session. */
  previewLink(record: AttachmentRecord, screen: ScreenIds): Promise<string>;
}

/** Upload with progress: the same headers as every call, the envelope read as the client reads it. */
export function xhrUpload(
  files: File[],
  fields: UploadFields,
  screen: ScreenIds,
  onProgress: (percent: number) => void,
): Promise<AttachmentRecord[]> {
  const language = getLanguage();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
  form.append('language', language);
  for (const file of files) form.append('files', file, file.name);
  const headers = buildHeaders(language, screen, Date.now());
  const texts = language === 'EN' ? en : cn;
  const uploaded = new Promise<AttachmentRecord[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      event.lengthComputable && onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    xhr.onerror = () => reject(new ApiError({ httpStatus: 0, msg: texts.transport.network }));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: unwrapEnvelope reports it */
      }
      try {
        resolve(unwrapEnvelope<AttachmentRecord[]>(xhr.status, body, language).data);
      } catch (error) {
        if (xhr.status === 401) expireSessionOn401(UPLOAD_PATH, 401, headers.certificate);
        reject(error);
      }
    };
    xhr.send(form);
  });
  // Outside the request client: counted here for the app's busy signal (core/busy.ts).
  return busy.during(uploaded);
}

export function createAttachmentApi(request: RequestFn = defaultRequest, upload = xhrUpload): AttachmentApi {
  return {
    async list(ids, screen) {
      if (!ids.length) return [];
      return (await request<AttachmentRecord[]>(`${BASE}/listBaseFile`, { ids }, { screen })).data ?? [];
    },
    upload,
    async download(record, screen) {
      return (await request<FileResult>(record.previewUrl, undefined, { screen })).data;
    },
    async remove(ids, screen) {
      await request(`${BASE}/batchDelete`, { ids }, { screen });
    },
    async previewLink(record, screen) {
      return (await request<{ url: string }>(`${BASE}/previewLink`, { id: record.id }, { screen })).data.url;
    },
  };
}
