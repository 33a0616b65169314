import { verifyAppsign, type AppsignVerdict } from '@meridian/metadata';
import { createHash } from 'node:crypto';
import { ApiError, Errors } from './apiError';

const REASONS = {
  missing: ['缺少签名', 'the appsign or timestamp header is missing'],
  malformed: ['时间戳格式错误', 'the timestamp is not a 13-digit millisecond time'],
  expired: ['请求已过期，请检查本机时间', 'the request timestamp is more than 5 minutes off; check the clock'],
  mismatch: ['签名错误', 'the appsign does not match the timestamp'],
} as const;

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Every /api call but health carries a fresh, correct appsign (docs/architecture.md "appsign"). Checked before
 * the body is read, so an unsigned request costs no parsing. Returns the 401 to answer, or nothing.
 */
export function appsignRefusal(headers: Record<string, string | string[] | undefined>): ApiError | undefined {
  const verdict: AppsignVerdict = verifyAppsign(
    first(headers.timestamp),
    first(headers.appsign),
    Date.now(),
    nodeSha256,
  );
  if (verdict.ok) return undefined;
  const [cn, en] = REASONS[verdict.reason];
  return Errors.unauthorized(`签名校验失败：${cn}`, `Request signature refused: ${en}`);
}
