import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { ApiError } from '../../../http/apiError';
import { declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import { PlatformRows } from '../../../lifecycle/platformRows';
import { REGISTER, SUPPLIER } from './registrationStore';

/** What the runtime needs to route a supplier whose registration is not finished (relocation to /registerInfoEdit). */
export interface RegistrationInfo {
  registerStatus: string | null;
  supplierStatus: string | null;
  rejectReason: string | null;
}

/** The user's latest registration status and their supplier's status; nulls for users who never registered. */
export async function registrationInfo(
  kernel: Pick<Kernel, 'registry' | 'db'>,
  userId: number,
  supplierId: number | null,
): Promise<RegistrationInfo> {
  if (!kernel.registry.entity(REGISTER)) return { registerStatus: null, supplierStatus: null, rejectReason: null };
  const rows = new PlatformRows(kernel.registry, kernel.db.dialect);
  const reg = await latestRegistration(rows, kernel.db, userId);
  const sup = supplierId ? await rows.one(kernel.db, SUPPLIER, ['supplierStatus'], { supplierId }) : undefined;
  return {
    registerStatus: (reg?.registerStatus as string | undefined) ?? null,
    supplierStatus: (sup?.supplierStatus as string | undefined) ?? null,
    rejectReason: (reg?.rejectReason as string | undefined) ?? null,
  };
}

/** The latest registration made by a user (a rejected visitor may register again under a new login, never the same one). */
export function latestRegistration(
  rows: PlatformRows,
  db: Pick<SqlExecutor, 'select' | 'dialect'>,
  userId: number,
): Promise<Row | undefined> {
  const fields = ['registerId', 'registerStatus', 'rejectReason'];
  return rows.one(db, REGISTER, fields, { userId }, { orderBy: ['-registerId'] });
}

/**
 * Why a disabled account that gave the right password cannot sign in yet, when the reason is its
 * registration: still waiting for the account approval, or rejected. Only said after the password
 * was verified, so it tells nothing to someone who does not own the account.
 */
export async function registrationRefusal(
  kernel: Pick<Kernel, 'registry' | 'db'>,
  userId: number,
): Promise<ApiError | undefined> {
  const { registerStatus, rejectReason } = await registrationInfo(kernel, userId, null);
  const details = { captchaRequired: false, locked: false, registerStatus };
  if (registerStatus === 'ACCOUNT_SUBMITTED')
    return new ApiError(401, declaredText('supplier.registrationAwaited'), undefined, details);
  if (registerStatus === 'REJECTED') {
    const text = rejectReason
      ? declaredText('supplier.registrationRejectedBecause', { rejectReason })
      : declaredText('supplier.registrationRejected');
    return new ApiError(401, text, undefined, details);
  }
  return undefined;
}
