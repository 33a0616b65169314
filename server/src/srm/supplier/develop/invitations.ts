import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import type { EntityStore } from '../../../resource/entityStore';

const DEVELOP = 'srmSlcSupplierDevelop';

/**
 * The development a registration's invitation names (the `invite` of /register?invite=DEV…): its
 * number when an APPROVED development has it, else null — a stale or made-up link registers as
 * a self-registration, it does not stop the visitor.
 */
export async function invitationOf(tx: SqlExecutor, store: EntityStore, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !value.trim() || value.length > 30) return null;
  const row = await store.rows.one(tx, DEVELOP, ['developNumber'], { developNumber: value.trim(), status: 'APPROVED' });
  return row ? String(row.developNumber) : null;
}

/** The invited company's supplier master, created when its account is approved, is recorded on the development. */
export async function linkInvitedSupplier(
  tx: SqlExecutor,
  store: EntityStore,
  developNumber: string,
  supplierId: number,
  ctx: ResourceContext,
): Promise<void> {
  await store.rows.update(tx, DEVELOP, { supplierId }, { developNumber, supplierId: null }, ctx.userId);
}
