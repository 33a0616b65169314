import type { EntityModel } from '@meridian/metadata';
import type { Database } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';
import { formatDateTime } from '../util/time';
import { MINUTE, parseDateTime, stampIn } from './clock';
import { randomDigits, sha256 } from './tokens';

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_RESEND_MS = MINUTE;
export const CODE_MAX_CHECKS = 5;

/** Forgotten-password e-mail codes: 6 digits, hashed, 10 minutes, single use, at most 5 checks. */
export class PasswordCodes {
  constructor(
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly entity: EntityModel,
  ) {}

  private col(field: string): string {
    return this.db.dialect.quote(this.entity.field(field)!.column);
  }

  /** A new code for the user, or nothing when one was sent less than a minute ago (throttle). */
  async issue(userId: number): Promise<string | undefined> {
    const q = this.db.dialect.quote;
    return this.db.transaction(async (tx) => {
      const recent = await tx.select(
        `SELECT ${this.col('sentDate')} AS sent FROM ${q(this.entity.table)} WHERE ${this.col('userId')} = ? ORDER BY ${this.col(this.entity.primaryKey)} DESC LIMIT 1`,
        [userId],
      );
      if (recent[0] && parseDateTime(recent[0].sent) + CODE_RESEND_MS > Date.now()) return undefined;
      // A new code replaces every earlier one.
      await tx.execute(
        `UPDATE ${q(this.entity.table)} SET ${this.col('usedFlag')} = 'Y' WHERE ${this.col('userId')} = ? AND ${this.col('usedFlag')} = 'N'`,
        [userId],
      );
      const code = randomDigits(6);
      await this.writer.insert(
        tx,
        this.entity,
        {
          userId,
          codeHash: sha256(code),
          expiresDate: stampIn(CODE_TTL_MS),
          usedFlag: 'N',
          checkCount: 0,
          sentDate: formatDateTime(),
        },
        systemContext(),
      );
      return code;
    });
  }

  /** Checks a code; `consume` uses it up. Every check counts; the 5th wrong one burns the code. */
  async check(userId: number, code: unknown, consume: boolean): Promise<boolean> {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false;
    const q = this.db.dialect.quote;
    return this.db.transaction(async (tx) => {
      const rows = await tx.select(
        `SELECT ${this.col(this.entity.primaryKey)} AS id, ${this.col('codeHash')} AS hash, ${this.col('expiresDate')} AS expires, ${this.col('checkCount')} AS checks ` +
          `FROM ${q(this.entity.table)} WHERE ${this.col('userId')} = ? AND ${this.col('usedFlag')} = 'N' ORDER BY ${this.col(this.entity.primaryKey)} DESC LIMIT 1${tx.dialect.forUpdate}`,
        [userId],
      );
      const row = rows[0];
      if (!row || parseDateTime(row.expires) <= Date.now()) return false;
      const ok = row.hash === sha256(code.trim());
      const checks = Number(row.checks) + 1;
      const burn = (ok && consume) || (!ok && checks >= CODE_MAX_CHECKS);
      await tx.execute(
        `UPDATE ${q(this.entity.table)} SET ${this.col('checkCount')} = ?, ${this.col('usedFlag')} = ? WHERE ${this.col(this.entity.primaryKey)} = ?`,
        [checks, burn ? 'Y' : 'N', Number(row.id)],
      );
      return ok;
    });
  }
}
