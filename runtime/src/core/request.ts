/**
 * The one HTTP client (docs/architecture.md "API contract", "Runtime"): adds the headers and appsign to every call,
 * unwraps the envelope, turns status E and HTTP errors into ApiError, and hands back files
 * (non-JSON answers) as blobs — unless a "file" turns out to be a JSON error envelope.
 */
import { appsignHeaders } from '@meridian/metadata';
import { cn } from '../i18n/cn';
import { en } from '../i18n/en';
import { ApiError, type FieldError } from './apiError';
import { busy, type BusyTracker } from './busy';
import { getLanguage, type Language } from './language';
import { expireSessionOn401, getAuthorizationCode, getCertificate, getResponsibilityId } from './session';
import { announceWritten } from './written';

/** Menu and responsibility of the screen making the call; they select the button permissions. */
export interface ScreenIds {
  menuId?: string;
  respId?: string;
  /** Warnings the user confirmed for the call (the confirmedWarnings header; core/warnings.ts). */
  confirmedWarnings?: string[];
}

export interface PageInfo {
  count: number;
  pageIndex: number;
  pageRows: number;
  countExact?: boolean;
}

export interface ApiResult<T> {
  data: T;
  page?: PageInfo;
  msg: string;
}

export interface FileResult {
  blob: Blob;
  fileName: string;
}

export interface RequestOptions {
  screen?: ScreenIds;
  signal?: AbortSignal;
}

export type RequestFn = <T>(path: string, body?: object, options?: RequestOptions) => Promise<ApiResult<T>>;

export interface RequestConfig {
  fetchImpl?: typeof fetch;
  baseUrl?: string;
  now?: () => number;
  language?: () => Language;
  /**
   * Called with every failed answer's path, HTTP status and the certificate the call carried.
   * The default ends the session on a 401 (the route guard then shows the login page).
   */
  onHttpError?: (path: string, httpStatus: number, sentCertificate: string) => void;
  /** Counts every call in flight, answer read included (default: the app's, core/busy.ts). */
  busy?: BusyTracker;
}

interface Envelope {
  code?: string;
  status?: string;
  msg?: string;
  data?: unknown;
  page?: PageInfo;
  errors?: FieldError[];
  /** The entities the action wrote (core/written.ts). */
  written?: unknown;
}

/** Blobs larger than this are never JSON error envelopes; don't read them into memory twice. */
const MAX_ERROR_BLOB_BYTES = 64 * 1024;

/** The client's own texts, from the i18n resources (plain data: the client runs outside React). */
const TRANSPORT_TEXT: Record<Language, { network: string; unexpected: string }> = {
  CN: cn.transport,
  EN: en.transport,
};

export function buildHeaders(language: Language, screen: ScreenIds | undefined, nowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    ...appsignHeaders(nowMs),
    certificate: getCertificate(),
    AuthorizationCode: getAuthorizationCode(),
    language,
    gateway: 'srm',
  };
  // respId: the screen's (its query), else the current responsibility, on every call.
  const respId = screen?.respId || getResponsibilityId();
  if (screen?.menuId) headers.menuId = String(screen.menuId);
  if (respId) headers.respId = String(respId);
  if (screen?.confirmedWarnings?.length) headers.confirmedWarnings = screen.confirmedWarnings.join(',');
  return headers;
}

export function isFileResult(value: unknown): value is FileResult {
  return typeof value === 'object' && value !== null && (value as FileResult).blob instanceof Blob;
}

/** Reads `filename*=UTF-8''…` or `filename="…"` from Content-Disposition. */
export function fileNameFromDisposition(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && ('status' in value || 'code' in value);
}

function isErrorEnvelope(envelope: Envelope): boolean {
  return envelope.status === 'E' || envelope.code === 'E';
}

/** Envelope → result, or ApiError when the HTTP status or the envelope says it failed. */
export function unwrapEnvelope<T>(httpStatus: number, body: unknown, language: Language): ApiResult<T> {
  if (!isEnvelope(body)) {
    throw new ApiError({ httpStatus, msg: TRANSPORT_TEXT[language].unexpected });
  }
  if (httpStatus >= 400 || isErrorEnvelope(body)) {
    throw new ApiError({
      httpStatus,
      msg: body.msg || TRANSPORT_TEXT[language].unexpected,
      errors: Array.isArray(body.errors) ? body.errors : [],
      code: body.code,
      data: body.data,
    });
  }
  announceWritten(body.written);
  return { data: body.data as T, page: body.page, msg: body.msg ?? '' };
}

async function parseJsonOrNull(text: string): Promise<unknown> {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A non-JSON answer: a file, or (docs/architecture.md "Spec: calls") a JSON error sent as a blob. */
async function readFileAnswer(response: Response, language: Language): Promise<ApiResult<FileResult>> {
  const blob = await response.blob();
  if (!response.ok || blob.size <= MAX_ERROR_BLOB_BYTES) {
    const parsed = await parseJsonOrNull(await blob.text());
    if (isEnvelope(parsed) && (isErrorEnvelope(parsed) || !response.ok)) {
      return unwrapEnvelope(response.status, parsed, language);
    }
    if (!response.ok) {
      throw new ApiError({
        httpStatus: response.status,
        msg: response.statusText || TRANSPORT_TEXT[language].unexpected,
      });
    }
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
  return { data: { blob, fileName }, msg: '' };
}

function encodeBody(body: object | undefined, language: Language): { payload: BodyInit; json: boolean } {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    body.set('language', language);
    return { payload: body, json: false };
  }
  return { payload: JSON.stringify({ ...(body ?? {}), language }), json: true };
}

export function createRequest(config: RequestConfig = {}): RequestFn {
  const now = config.now ?? Date.now;
  const currentLanguage = config.language ?? getLanguage;
  const baseUrl = config.baseUrl ?? '';
  const onHttpError = config.onHttpError ?? expireSessionOn401;
  const tracker = config.busy ?? busy;
  return async function request<T>(path: string, body?: object, options: RequestOptions = {}) {
    const fetchImpl = config.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const language = currentLanguage();
    const { payload, json } = encodeBody(body, language);
    const headers = buildHeaders(language, options.screen, now());
    if (json) headers['Content-Type'] = 'application/json';
    const done = tracker.begin();
    try {
      return await send<T>(fetchImpl, path, headers, payload, language, options.signal);
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus >= 400)
        onHttpError(path, error.httpStatus, headers.certificate);
      throw error;
    } finally {
      done();
    }
  };

  async function send<T>(
    fetchImpl: typeof fetch,
    path: string,
    headers: Record<string, string>,
    payload: BodyInit,
    language: Language,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await fetchImpl(baseUrl + path, { method: 'POST', headers, body: payload, signal });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new ApiError({ httpStatus: 0, msg: TRANSPORT_TEXT[language].network });
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('json')) {
      const parsed = await parseJsonOrNull(await response.text());
      return unwrapEnvelope<T>(response.status, parsed, language);
    }
    return (await readFileAnswer(response, language)) as unknown as ApiResult<T>;
  }
}

/** The client the app uses; tests build their own with createRequest({ fetchImpl }). */
export const request: RequestFn = createRequest();
