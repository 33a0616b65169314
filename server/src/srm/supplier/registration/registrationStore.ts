import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';
import { lockKeys } from '../../../resource/invariantLocks';

export const REGISTER = 'srmSlcRegisterInfo';
export const SUPPLIER = 'srmSlcSupplierInfo';

/** What a taken value collides with, for the 409 message. */
export type TakenField = 'supplierName' | 'unifiedSocialCreditCode' | 'userName';

/**
 * Reads and writes of the registration flow that go beyond one entity: duplicate checks across
 * registrations, the supplier master and users, and the state of a user's registration. Table
 * and column names come from the metadata (MetaSql), values are bound parameters.
 */
export class RegistrationStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Supplier registration');
  }

  /**
   * Which of company name, credit code and login name are already taken: by a registration that
   * was not rejected, by a supplier in the master, or (login name) by any user. Case and
   * surrounding blanks do not make a name new. `exceptRegisterId` skips the registration itself.
   */
  async taken(
    tx: SqlExecutor,
    values: { supplierName?: string; unifiedSocialCreditCode?: string; userName?: string },
    exceptRegisterId?: number,
  ): Promise<TakenField[]> {
    const { t, c } = this.sql;
    const found: TakenField[] = [];
    const exists = async (sql: string, params: (string | number)[]) => (await tx.select(sql, params)).length > 0;
    const notRejected = `${c(REGISTER, 'registerStatus')} <> 'REJECTED' AND ${c(REGISTER, 'registerId')} <> ?`;
    for (const field of ['supplierName', 'unifiedSocialCreditCode'] as const) {
      const value = values[field]?.trim().toLowerCase();
      if (!value) continue;
      const inRegistrations = await exists(
        `SELECT 1 FROM ${t(REGISTER)} WHERE LOWER(TRIM(${c(REGISTER, field)})) = ? AND ${notRejected}`,
        [value, exceptRegisterId ?? 0],
      );
      if (
        inRegistrations ||
        (await exists(`SELECT 1 FROM ${t(SUPPLIER)} WHERE LOWER(TRIM(${c(SUPPLIER, field)})) = ?`, [value]))
      )
        found.push(field);
    }
    const userName = values.userName?.trim().toLowerCase();
    if (
      userName &&
      (await exists(`SELECT 1 FROM ${t('baseUsers')} WHERE LOWER(${c('baseUsers', 'userName')}) = ?`, [userName]))
    )
      found.push('userName');
    return found;
  }

  /**
   * Locks the company name and credit code being registered, until the transaction ends: a second
   * registration of the same company waits here, then sees the first one in `taken`. Neither column
   * can be a unique index (a rejected registration frees its name), so the check is made under a
   * key lock (docs/developer-guide.md, "Invariants under concurrency"). Call it before the
   * transaction's first read, so that `taken` reads after the other registration's commit.
   */
  async lockCompany(
    tx: SqlExecutor,
    values: { supplierName?: string; unifiedSocialCreditCode?: string },
  ): Promise<void> {
    const keys = (['supplierName', 'unifiedSocialCreditCode'] as const)
      .map((field) => [field, values[field]?.trim().toLowerCase()] as const)
      .filter(([, value]) => !!value)
      .map(([field, value]) => `${REGISTER} ${field} ${value}`);
    await lockKeys(tx, keys);
  }
}
