import type { EntityModel } from '@meridian/metadata';
import type { Database } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';
import { formatDateTime } from '../util/time';
import { MINUTE, parseDateTime, stampIn } from './clock';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * MINUTE;

export interface ThrottleState {
  failures: number;
  captchaRequired: boolean;
  lockedUntil?: number;
}

/**
 * Failed logins counted per user name (lower-cased) whether or not the user exists, so the
 * answers never tell which names exist. 3 failures → captcha; 5 → locked for 15 minutes.
 */
export class LoginThrottle {
  constructor(private readonly db: Database, private readonly writer: ResourceWriter, private readonly entity: EntityModel) {}

  private key(userName: string): string {
    return userName.trim().toLowerCase().slice(0, 100);
  }

  async state(userName: string): Promise<ThrottleState> {
    const q = this.db.dialect.quote;
    const rows = await this.db.select(
      `SELECT ${q('failed_count')} AS failures, ${q('locked_until')} AS lockedUntil FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?`,
      [this.key(userName)],
    );
    const failures = Number(rows[0]?.failures ?? 0);
    const lockedUntil = parseDateTime(rows[0]?.lockedUntil);
    return { failures, captchaRequired: failures >= CAPTCHA_AFTER_FAILURES, lockedUntil: lockedUntil > Date.now() ? lockedUntil : undefined };
  }

  async recordFailure(userName: string): Promise<ThrottleState> {
    const q = this.db.dialect.quote;
    const key = this.key(userName);
    await this.db.transaction(async (tx) => {
      const rows = await tx.select(`SELECT ${q('throttle_id')} AS id, ${q('failed_count')} AS n, ${q('locked_until')} AS lockedUntil FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?${tx.dialect.forUpdate}`, [key]);
      if (!rows[0]) {
        await this.writer.insert(tx, this.entity, { userNameKey: key, failedCount: 1, lastFailureDate: formatDateTime() }, systemContext());
        return;
      }
      // A lock that has run out starts a fresh count (but the captcha stays until a success).
      const expiredLock = rows[0].lockedUntil && parseDateTime(rows[0].lockedUntil) <= Date.now();
      const failures = expiredLock ? CAPTCHA_AFTER_FAILURES + 1 : Number(rows[0].n) + 1;
      const lockedUntil = failures >= LOCK_AFTER_FAILURES ? stampIn(LOCK_MS) : null;
      await tx.execute(
        `UPDATE ${q('base_login_throttle')} SET ${q('failed_count')} = ?, ${q('last_failure_date')} = ?, ${q('locked_until')} = ? WHERE ${q('throttle_id')} = ?`,
        [failures, formatDateTime(), lockedUntil, Number(rows[0].id)],
      );
    });
    return this.state(userName);
  }

  async reset(userName: string): Promise<void> {
    const q = this.db.dialect.quote;
    await this.db.transaction((tx) => tx.execute(`DELETE FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?`, [this.key(userName)]));
  }
}
