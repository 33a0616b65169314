import type { EntityModel } from '@meridian/metadata';
import { MINUTE, parseDateTime, stampIn } from '../../../auth/clock';
import type { Database } from '../../../db/sqlExecutor';
import { ApiError } from '../../../http/apiError';
import { systemContext } from '../../../resource/context';
import type { ResourceWriter } from '../../../resource/resourceWriter';
import { formatDateTime } from '../../../util/time';

/** Registration attempts an address may make before it has to wait (every attempt counts: each success creates records). */
export const REGISTER_ATTEMPTS = 10;
export const REGISTER_WINDOW_MS = 15 * MINUTE;
/** Keys of this limiter in base_login_throttle; login keys are user names, which never contain a space. */
const KEY_PREFIX = 'register ip ';

/**
 * The login throttle's idea applied to the public registration form, per client address: at most
 * REGISTER_ATTEMPTS attempts, then 15 minutes of 429. The count restarts once an address has been
 * quiet for the window. State lives in base_login_throttle, so every instance shares it.
 */
export class RegisterRateLimit {
  constructor(
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly entity: EntityModel,
  ) {}

  /** Counts one attempt of `ip`; throws 429 when the address has used up its attempts. */
  async take(ip: string): Promise<void> {
    const key = `${KEY_PREFIX}${ip}`.slice(0, 100);
    const q = this.db.dialect.quote;
    const lockedUntil = await this.db.transaction(async (tx) => {
      const rows = await tx.select(
        `SELECT ${q('throttle_id')} AS id, ${q('failed_count')} AS n, ${q('last_failure_date')} AS last, ${q('locked_until')} AS locked ` +
          `FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?${tx.dialect.forUpdate}`,
        [key],
      );
      const row = rows[0];
      const now = Date.now();
      if (!row) {
        await this.writer.insert(
          tx,
          this.entity,
          { userNameKey: key, failedCount: 1, lastFailureDate: formatDateTime() },
          systemContext(),
        );
        return undefined;
      }
      const locked = parseDateTime(row.locked);
      if (locked > now) return locked;
      const quiet = !(parseDateTime(row.last) > now - REGISTER_WINDOW_MS) || locked <= now;
      const count = quiet ? 1 : Number(row.n) + 1;
      const lockUntil = count > REGISTER_ATTEMPTS ? stampIn(REGISTER_WINDOW_MS) : null;
      await tx.execute(
        `UPDATE ${q('base_login_throttle')} SET ${q('failed_count')} = ?, ${q('last_failure_date')} = ?, ${q('locked_until')} = ? WHERE ${q('throttle_id')} = ?`,
        [count, formatDateTime(), lockUntil, Number(row.id)],
      );
      return lockUntil ? parseDateTime(lockUntil) : undefined;
    });
    if (lockedUntil) {
      const minutes = Math.max(1, Math.ceil((lockedUntil - Date.now()) / MINUTE));
      throw new ApiError(429, {
        cn: `注册尝试过于频繁，请 ${minutes} 分钟后再试`,
        en: `Too many registration attempts from your address. Try again in ${minutes} minutes.`,
      });
    }
  }
}
