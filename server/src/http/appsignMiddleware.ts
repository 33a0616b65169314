import { verifyAppsign } from '@meridian/metadata';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { Errors } from './apiError';
import { sendError } from './errorResponse';

const REASONS = {
  missing: ['缺少签名', 'the appsign or timestamp header is missing'],
  malformed: ['时间戳格式错误', 'the timestamp is not a 13-digit millisecond time'],
  expired: ['请求已过期，请检查本机时间', 'the request timestamp is more than 5 minutes off; check the clock'],
  mismatch: ['签名错误', 'the appsign does not match the timestamp'],
} as const;

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Every /api call but health carries a fresh, correct appsign (DESIGN section 4), else 401. */
export function appsignMiddleware(req: Request, res: Response, next: NextFunction): void {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const verdict = verifyAppsign(header('timestamp'), header('appsign'), Date.now(), nodeSha256);
  if (verdict.ok) return next();
  const [cn, en] = REASONS[verdict.reason];
  sendError(Errors.unauthorized(`签名校验失败：${cn}`, `Request signature refused: ${en}`), req, res);
}
