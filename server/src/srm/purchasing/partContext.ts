/**
 * What the files of one purchasing part share (delivery, planning, acknowledgement forms and EQ):
 * the platform's SQL, row and to-do writers (DomainStore) and the database, built once per kernel
 * by the part's register.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import { isSupplierType } from '../../access/accessService';
import type { Database } from '../../db/sqlExecutor';
import { declaredError } from '../../http/declaredErrors';
import { DomainStore } from '../../platform/domainStore';
import type { ResourceContext } from '../../resource/context';

const callerOf = (ctx: ResourceContext) => ctx.vars.user as { userType?: unknown; supplierId?: unknown } | undefined;

/** Whether the caller is a supplier (EX) user. */
export function isSupplierCaller(ctx: ResourceContext): boolean {
  return isSupplierType(String(callerOf(ctx)?.userType ?? ''));
}

/** The caller's supplier when the caller is a supplier user bound to one, else null. */
export function supplierOf(ctx: ResourceContext): number | null {
  const supplierId = callerOf(ctx)?.supplierId;
  return isSupplierCaller(ctx) && supplierId ? Number(supplierId) : null;
}

/** Buyer-side work: supplier users get 403. */
export function requireInternal(ctx: ResourceContext): void {
  if (isSupplierCaller(ctx)) throw declaredError('purchasingOrders.internalOnly');
}

/** Supplier-side work: other users get 403. */
export function requireSupplier(ctx: ResourceContext): void {
  if (!isSupplierCaller(ctx)) throw declaredError('purchasingOrders.supplierOnly');
}

/** The date part (YYYY-MM-DD) of a stored date or datetime; null when blank. */
export const dateText = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).slice(0, 10);

export class PartContext extends DomainStore {
  constructor(
    registry: MetadataRegistry,
    readonly db: Database,
  ) {
    super(registry, db.dialect);
  }
}
