import type { SqlExecutor } from '../db/sqlExecutor';
import type { RecordHookRegistry } from '../hooks/recordHooks';

async function revokeSessions(tx: SqlExecutor, userId: number): Promise<void> {
  const q = tx.dialect.quote;
  await tx.execute(`UPDATE ${q('base_session')} SET ${q('revoked_flag')} = 'Y', ${q('revoked_reason')} = 'USER_DISABLED' WHERE ${q('user_id')} = ? AND ${q('revoked_flag')} = 'N'`, [userId]);
}

/** Disabling a user ends their sessions in the same transaction (a disabled user is also refused on every call). */
export function registerUserHooks(hooks: RecordHookRegistry): void {
  hooks.registerAfterTransition('baseUsers', async ({ to, id, tx }) => {
    if (to === 'N') await revokeSessions(tx, id);
  });
}
