import { isSupplierUserType } from '@meridian/metadata';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { TodoRecipient } from '../todos/todoService';
import type { PlatformRows } from './platformRows';

/**
 * Recipients declared `"internal": true` (lifecycle.schema.json recipients): of the users named,
 * only those that exist and are internal (not a supplier's user, type EX…) — the creator of a
 * statement a supplier made gets no buyer's to-do. Supplier recipients are not users and stay.
 */
export async function internalOnly(
  rows: PlatformRows,
  tx: SqlExecutor,
  recipients: TodoRecipient[],
): Promise<TodoRecipient[]> {
  const userId = recipients.flatMap((r) => ('userId' in r ? [r.userId] : []));
  const users = await rows.select(tx, 'baseUsers', ['userId', 'userType'], { userId });
  const internal = new Set(users.filter((u) => !isSupplierUserType(u.userType)).map((u) => Number(u.userId)));
  return recipients.filter((r) => !('userId' in r) || internal.has(r.userId));
}
