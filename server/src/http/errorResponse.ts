import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './apiError';
import { failure } from './envelope';
import { requestLanguage, say } from './language';

/** Writes any error as the envelope with a real HTTP status; unknown errors are logged and hidden. */
export function sendError(error: unknown, req: Request, res: Response): void {
  if (res.headersSent) return;
  if (error instanceof ApiError) {
    res.status(error.httpStatus).json(failure(say(error.text, req), error.errors));
    return;
  }
  const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    res.status(400).json(failure(requestLanguage(req) === 'EN' ? 'The request body is not valid JSON' : '请求内容不是有效的 JSON'));
  } else if (type === 'entity.too.large' || status === 413) {
    res.status(413).json(failure(requestLanguage(req) === 'EN' ? 'The request is too large' : '请求内容过大'));
  } else if (status && status >= 400 && status < 500) {
    res.status(status).json(failure((error as Error).message));
  } else {
    console.error('[meridian] unexpected error on', req.method, req.originalUrl, error);
    res.status(500).json(failure(requestLanguage(req) === 'EN' ? 'Internal server error' : '服务器内部错误'));
  }
}

export function expressErrorHandler(error: unknown, req: Request, res: Response, _next: NextFunction): void {
  sendError(error, req, res);
}
