import { MINUTE, parseDateTime, stampIn } from '../../../auth/clock';
import type { Database } from '../../../db/sqlExecutor';
import { declaredError } from '../../../http/declaredErrors';
import type { PlatformRows } from '../../../lifecycle/platformRows';
import { formatDateTime } from '../../../util/time';

/** Registration attempts an address may make before it has to wait (every attempt counts: each success creates records). */
export const REGISTER_ATTEMPTS = 10;
export const REGISTER_WINDOW_MS = 15 * MINUTE;
/** Keys of this limiter in base_login_throttle; login keys are user names, which never contain a space. */
const KEY_PREFIX = 'register ip ';
const THROTTLE = 'baseLoginThrottle';

/**
 * The login throttle's idea applied to the public registration form, per client address: at most
 * REGISTER_ATTEMPTS attempts, then 15 minutes of 429. The count restarts once an address has been
 * quiet for the window. State lives in base_login_throttle, so every instance shares it.
 */
export class RegisterRateLimit {
  constructor(
    private readonly db: Database,
    private readonly rows: PlatformRows,
  ) {}

  /** Counts one attempt of `ip`; throws 429 when the address has used up its attempts. */
  async take(ip: string): Promise<void> {
    const key = `${KEY_PREFIX}${ip}`.slice(0, 100);
    const lockedUntil = await this.db.transaction(async (tx) => {
      const fields = ['throttleId', 'failedCount', 'lastFailureDate', 'lockedUntil'];
      const row = await this.rows.one(tx, THROTTLE, fields, { userNameKey: key }, { underLock: true });
      const now = Date.now();
      if (!row) {
        await this.rows.insert(
          tx,
          THROTTLE,
          { userNameKey: key, failedCount: 1, lastFailureDate: formatDateTime() },
          null,
        );
        return undefined;
      }
      const locked = parseDateTime(row.lockedUntil);
      if (locked > now) return locked;
      const quiet = !(parseDateTime(row.lastFailureDate) > now - REGISTER_WINDOW_MS) || locked <= now;
      const count = quiet ? 1 : Number(row.failedCount) + 1;
      const lockUntil = count > REGISTER_ATTEMPTS ? stampIn(REGISTER_WINDOW_MS) : null;
      const values = { failedCount: count, lastFailureDate: formatDateTime(), lockedUntil: lockUntil };
      await this.rows.update(tx, THROTTLE, values, { throttleId: Number(row.throttleId) }, null);
      return lockUntil ? parseDateTime(lockUntil) : undefined;
    });
    if (lockedUntil) {
      const minutes = Math.max(1, Math.ceil((lockedUntil - Date.now()) / MINUTE));
      throw declaredError('supplier.registerTooOften', { minutes });
    }
  }
}
