import { MetaSql } from '../../../access/metaSql';
import { ApiError } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
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
  const { t, c } = new MetaSql(kernel.registry, kernel.db.dialect);
  const reg = await kernel.db.select(
    `SELECT ${c(REGISTER, 'registerStatus')} AS s, ${c(REGISTER, 'rejectReason')} AS r FROM ${t(REGISTER)} WHERE ${c(REGISTER, 'userId')} = ? ORDER BY ${c(REGISTER, 'registerId')} DESC`,
    [userId],
  );
  const sup = supplierId
    ? await kernel.db.select(
        `SELECT ${c(SUPPLIER, 'supplierStatus')} AS s FROM ${t(SUPPLIER)} WHERE ${c(SUPPLIER, 'supplierId')} = ?`,
        [supplierId],
      )
    : [];
  return {
    registerStatus: (reg[0]?.s as string | undefined) ?? null,
    supplierStatus: (sup[0]?.s as string | undefined) ?? null,
    rejectReason: (reg[0]?.r as string | undefined) ?? null,
  };
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
  if (registerStatus === 'ACCOUNT_SUBMITTED') {
    return new ApiError(
      401,
      {
        cn: '注册审核中，审核通过后即可登录',
        en: 'Your registration is awaiting approval. You can sign in once it is approved.',
      },
      undefined,
      details,
    );
  }
  if (registerStatus === 'REJECTED') {
    const why = rejectReason
      ? { cn: `（原因：${rejectReason}）`, en: ` (reason: ${rejectReason})` }
      : { cn: '', en: '' };
    return new ApiError(
      401,
      {
        cn: `您的供应商注册未通过审核${why.cn}，账号不可用`,
        en: `Your supplier registration was rejected${why.en}; this account cannot sign in.`,
      },
      undefined,
      details,
    );
  }
  return undefined;
}
