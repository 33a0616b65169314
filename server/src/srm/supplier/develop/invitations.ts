import type { SqlExecutor } from '../../../db/sqlExecutor';
import type { ResourceContext } from '../../../resource/context';
import type { EntityStore } from '../../../resource/entityStore';
import { formatDateTime } from '../../../util/time';

const DEVELOP = 'srmSlcSupplierDevelop';

/**
 * The development a registration's invitation names (the `invite` of /register?invite=DEV…): its
 * number when an APPROVED development has it, else null — a stale or made-up link registers as
 * a self-registration, it does not stop the visitor.
 */
export async function invitationOf(tx: SqlExecutor, store: EntityStore, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !value.trim() || value.length > 30) return null;
  const { t, c } = store.sql;
  const rows = await tx.select(
    `SELECT ${c(DEVELOP, 'developNumber')} AS n FROM ${t(DEVELOP)} WHERE ${c(DEVELOP, 'developNumber')} = ? AND ${c(DEVELOP, 'status')} = 'APPROVED'`,
    [value.trim()],
  );
  return rows.length ? String(rows[0].n) : null;
}

/** The invited company's supplier master, created when its account is approved, is recorded on the development. */
export async function linkInvitedSupplier(
  tx: SqlExecutor,
  store: EntityStore,
  developNumber: string,
  supplierId: number,
  ctx: ResourceContext,
): Promise<void> {
  const { t, c } = store.sql;
  await tx.execute(
    `UPDATE ${t(DEVELOP)} SET ${c(DEVELOP, 'supplierId')} = ?, ${c(DEVELOP, 'versionNum')} = ${c(DEVELOP, 'versionNum')} + 1, ` +
      `${c(DEVELOP, 'lastUpdatedBy')} = ?, ${c(DEVELOP, 'lastUpdateDate')} = ? WHERE ${c(DEVELOP, 'developNumber')} = ? AND ${c(DEVELOP, 'supplierId')} IS NULL`,
    [supplierId, ctx.userId, formatDateTime(), developNumber],
  );
}
