/**
 * supplierInfoToPortal (DOMAIN.md §1.1): opens the portal account of a supplier that has none — an
 * enabled EX_ADMIN user linked to the supplier and to its primary contact (name, e-mail, mobile;
 * the contact's portalUserFlag becomes Y), with the supplier responsibility and a temporary
 * password. The password is stored only as its argon2 hash, shown once to the caller and e-mailed
 * to the contact; passwordChangedDate stays empty, so the login answer reports
 * `passwordChangeRequired` and the session reaches nothing but the change-password screen until
 * the user sets a password of their own (server/src/auth/passwordChange.ts).
 *
 * One account per supplier is a rule over the supplier's users: the supplier row is locked first
 * (lockOwner), then the users are counted under the lock, so a second call waits and answers 409.
 * The login name is locked as a key before that (a login name is unique across all users, in any case).
 */
import { bothLanguages, pickText } from '@meridian/metadata';
import { hashPassword, temporaryPassword } from '../../../auth/passwords';
import { ApiError, Errors } from '../../../http/apiError';
import { declaredError, declaredText } from '../../../http/declaredErrors';
import type { Kernel } from '../../../kernel';
import type { ResourceContext } from '../../../resource/context';
import { translateDbError } from '../../../resource/dbErrors';
import { lockKeys, lockOwner, readUnderLock } from '../../../resource/invariantLocks';
import { formatDateTime } from '../../../util/time';
import { LOGIN_NAME_PATTERN } from '../registration/registerForm';
import { grantSupplierResponsibility } from '../registration/registerEffects';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import { CONTACT, SUPPLIER, type MasterStore } from './masterStore';

/**
 * The supplier (the page's row action sends `supplierId`; `id` is taken too) and an optional login
 * name; the name's pattern stays in the handler, whose 400 says the rule.
 */
export const PORTAL_INPUT = eitherIdInput(['supplierId', 'id'], {
  userName: { type: ['string', 'null'], maxLength: 100 },
});

const userNameTaken = () => declaredError('supplier.loginNameTaken');

export async function openPortalAccount(
  kernel: Kernel,
  store: MasterStore,
  body: Record<string, unknown>,
  ctx: ResourceContext,
) {
  const supplierId = idFrom(body, ['supplierId', 'id']);
  const found = await store.rows.one(kernel.db, SUPPLIER, ['supplierCode'], { supplierId });
  if (!found) throw Errors.recordNotFound();
  const chosen = typeof body.userName === 'string' ? body.userName.trim() : '';
  const userName = chosen || String(found.supplierCode);
  if (!LOGIN_NAME_PATTERN.test(userName))
    throw declaredError('supplier.loginNameInvalid', { userName }, [
      { field: 'userName', message: pickText(declaredText('supplier.loginNameFieldInvalid'), ctx.language) },
    ]);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password, kernel.config.passwordCost);
  const account = await kernel.db
    .transaction(async (tx) => {
      await lockKeys(tx, [`baseUsers userName ${userName.toLowerCase()}`]);
      if (!(await lockOwner(tx, store.model(SUPPLIER), supplierId))) throw Errors.recordNotFound();
      const user = await store.rows.one(tx, 'baseUsers', ['userName'], { supplierId }, { underLock: true });
      if (user) throw declaredError('supplier.portalAccountExists', { userName: user.userName });
      const contact = await store.rows.one(
        tx,
        CONTACT,
        ['contactId', 'contactName', 'email', 'mobile'],
        { supplierId, primaryFlag: 'Y', enabledFlag: 'Y' },
        { orderBy: ['contactId'], underLock: true },
      );
      if (!contact) throw declaredError('supplier.noPrimaryContact');
      const { t, c } = store.sql;
      const taken = await readUnderLock(
        tx,
        `SELECT 1 AS x FROM ${t('baseUsers')} WHERE LOWER(${c('baseUsers', 'userName')}) = ?`,
        [userName.toLowerCase()],
      );
      if (taken.length) throw userNameTaken();
      const now = formatDateTime();
      const userId = await store.writer.insert(
        tx,
        store.model('baseUsers'),
        {
          userName,
          userType: 'EX_ADMIN',
          supplierId,
          personName: contact.contactName,
          email: contact.email,
          mobile: contact.mobile,
          enabledFlag: 'Y',
          startDate: now.slice(0, 10),
          passwordHash,
        },
        ctx,
      );
      await grantSupplierResponsibility(store, tx, ctx, userId);
      await store.setFields(tx, CONTACT, Number(contact.contactId), { portalUserFlag: 'Y' }, ctx);
      return { userId, userName, contactId: Number(contact.contactId), email: String(contact.email ?? '') };
    })
    .catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      // Another supplier's account took the same name in between: the unique index decides.
      const translated = translateDbError(e);
      if (translated instanceof ApiError && translated.httpStatus === 409) throw userNameTaken();
      throw e;
    });
  if (account.email)
    await kernel.auth.mailer.send({
      to: account.email,
      purpose: 'PORTAL_ACCOUNT_OPENED',
      ...openedMail(account.userName, password),
    });
  return {
    data: { ...account, temporaryPassword: password },
    msg: pickText(declaredText('supplier.portalAccountOpened', { userName: account.userName, password }), ctx.language),
  };
}

/** The account's mail, Chinese then English (the supplier's users have no language of their own yet). */
function openedMail(userName: string, password: string): { subject: string; body: string } {
  const subject = declaredText('supplier.portalAccountMailSubject');
  const body = declaredText('supplier.portalAccountMailBody', { userName, password });
  return { subject: bothLanguages(subject), body: bothLanguages(body, '\n') };
}
