import type { FilterNode } from '@meridian/metadata';
import { isSupplierType } from '../access/accessService';
import type { Identity } from '../access/permissionGuard';
import { Errors } from '../http/apiError';
import type { ActionRequest } from '../platform/actionRegistry';

/**
 * The reader actions of the home and its "more" pages are session level: any signed-in user may
 * call them, and every one is scoped to the caller here, on the server. Nothing in the body says
 * whose rows to read: the user and the supplier come from the session.
 */
export function caller(req: ActionRequest): Identity['user'] {
  const user = req.identity?.user;
  if (!user)
    throw Errors.unauthorized('登录已失效，请重新登录', 'Your session has expired or is not valid. Sign in again.');
  return user;
}

export function internalCaller(req: ActionRequest): Identity['user'] {
  const user = caller(req);
  if (isSupplierType(user.userType)) throw Errors.forbidden('仅内部用户可用', 'Only internal users have this list');
  return user;
}

/** A supplier user bound to a supplier: its to-dos are the supplier's, not the person's. */
export function supplierCaller(req: ActionRequest): Identity['user'] & { supplierId: number } {
  const user = caller(req);
  if (!isSupplierType(user.userType)) throw Errors.forbidden('仅供应商用户可用', 'Only supplier users have this list');
  if (!user.supplierId) throw Errors.forbidden('账号未绑定供应商', 'This supplier account is not bound to a supplier');
  return user as Identity['user'] & { supplierId: number };
}

export function idOf(body: Record<string, unknown>): number {
  const raw = body.id;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1)
    throw Errors.badRequest('id 无效', 'id must be a positive integer');
  return n;
}

/** Paging of a reader list: pageIndex ≥ 1, 1 ≤ pageRows ≤ 500 (docs/architecture.md "Spec: constants"). */
export function pagingOf(body: Record<string, unknown>, defaultRows: number): { pageIndex: number; pageRows: number } {
  const num = (v: unknown, fallback: number) => (v === undefined || v === null || v === '' ? fallback : Number(v));
  const pageIndex = num(body.pageIndex, 1);
  const pageRows = num(body.pageRows, defaultRows);
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 1)
    throw Errors.badRequest('pageIndex 必须是正整数', 'pageIndex must be a positive integer');
  if (!Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > 500)
    throw Errors.badRequest('每页 1 到 500 行', 'pageRows must be between 1 and 500');
  return { pageIndex, pageRows };
}

export const eq = (field: string, value: string | number): FilterNode => ({ field, op: 'eq', value });
