import { pickText, type Language } from '@meridian/metadata';
import { HttpException } from '@nestjs/common';
import { ApiError } from './apiError';
import { failure, type Envelope } from './envelope';

export interface ErrorAnswer {
  status: number;
  body: Envelope<unknown>;
}

type FrameworkError = { statusCode?: number; status?: number; code?: string; message?: string };

const text = (language: Language, cn: string, en: string) => (language === 'EN' ? en : cn);

/** Errors raised by the HTTP layer itself (body parsing, size limits) before our code runs. */
function frameworkAnswer(error: FrameworkError, language: Language): ErrorAnswer | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: failure(text(language, '请求内容不是有效的 JSON', 'The request body is not valid JSON')),
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: failure(text(language, '请求内容过大', 'The request is too large')) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: failure(text(language, '请求内容类型必须是 JSON', 'The request content type must be application/json')),
      };
    default:
      return undefined;
  }
}

/**
 * Any error as the envelope with a real HTTP status (docs/architecture.md "Envelope and HTTP statuses").
 * Unknown errors are logged
 * and answered with a generic 500: internals never leak to the caller.
 */
export function errorAnswer(error: unknown, language: Language, where = ''): ErrorAnswer {
  if (error instanceof ApiError)
    return {
      status: error.httpStatus,
      body: failure(pickText(error.text, language), error.errors, error.details ?? null),
    };
  const framework = frameworkAnswer(error as FrameworkError, language);
  if (framework) return framework;
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404) return { status, body: failure(text(language, '接口不存在', 'Not found')) };
    if (status < 500) return { status, body: failure(error.message) };
  }
  const status = (error as FrameworkError).statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: failure((error as Error).message) };
  console.error('[meridian] unexpected error', where, error);
  return { status: 500, body: failure(text(language, '服务器内部错误', 'Internal server error')) };
}
