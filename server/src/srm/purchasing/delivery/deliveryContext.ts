import { isSupplierType } from '../../../access/accessService';
import { Errors } from '../../../http/apiError';
import type { ResourceContext } from '../../../resource/context';
import { DeliveryOrderLines } from './orderLines';
import { PartContext } from '../partContext';

export const NOTICE = 'srmPurDeliveryNotice';
export const NOTICE_LINE = 'srmPurDeliveryNoticeLine';
export const NOTE = 'srmPurDeliveryNote';
export const NOTE_LINE = 'srmPurDeliveryNoteLine';
export const RECEIPT = 'srmPurReceiptTransaction';

/** What the delivery code shares: the part's context (PartContext) and the order-line module. */
export class Delivery extends PartContext {
  readonly orderLines = new DeliveryOrderLines(this.sql, this.rows);
}

function userTypeOf(ctx: ResourceContext): string {
  return String((ctx.vars.user as { userType?: unknown } | undefined)?.userType ?? '');
}

/** Supplier-side actions: internal users get 403. */
export function requireSupplier(ctx: ResourceContext): number {
  const user = ctx.vars.user as { supplierId?: unknown } | undefined;
  if (!isSupplierType(userTypeOf(ctx)) || !user?.supplierId)
    throw Errors.forbidden('只有供应商用户可以执行此操作', 'Only supplier users may do this');
  return Number(user.supplierId);
}

/** Buyer-side actions: supplier users get 403. */
export function requireInternal(ctx: ResourceContext): void {
  if (isSupplierType(userTypeOf(ctx)))
    throw Errors.forbidden('供应商用户不能执行此操作', 'Supplier users may not do this');
}
