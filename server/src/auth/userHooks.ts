import type { SqlExecutor } from '../db/sqlExecutor';
import { isSupplierType } from '../access/accessService';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import { Errors } from '../http/apiError';

async function revokeSessions(tx: SqlExecutor, userId: number): Promise<void> {
  const q = tx.dialect.quote;
  await tx.execute(
    `UPDATE ${q('base_session')} SET ${q('revoked_flag')} = 'Y', ${q('revoked_reason')} = 'USER_DISABLED' WHERE ${q('user_id')} = ? AND ${q('revoked_flag')} = 'N'`,
    [userId],
  );
}

/** Disabling a user ends their sessions in the same transaction (a disabled user is also refused on every call). */
export function registerUserHooks(hooks: RecordHookRegistry): void {
  // A supplier's main account may manage its own supplier's users, but never make an internal one.
  hooks.registerBeforeSave('baseUsers', ({ values, ctx }) => {
    const caller = (ctx.vars.user as { userType?: string } | undefined)?.userType;
    if (isSupplierType(caller) && values.userType !== undefined && !isSupplierType(String(values.userType))) {
      throw Errors.forbidden('供应商账号只能维护供应商用户', 'A supplier account can only manage supplier users');
    }
  });
  hooks.registerAfterTransition('baseUsers', async ({ to, id, tx }) => {
    if (to === 'N') await revokeSessions(tx, id);
  });
}
