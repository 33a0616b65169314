import type { EntityModel } from '@meridian/metadata';
import type { Database, SqlExecutor } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import type { ResourceWriter } from '../resource/resourceWriter';
import { formatDateTime } from '../util/time';
import { MINUTE, parseDateTime, stampIn } from './clock';

/** Failures of a user name (from any client) after which every client must answer a captcha. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failures of one client against one user name after which that client is locked out of that name. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * MINUTE;
/** Failures of a user name from all clients together after which the name is locked for everyone. */
export const NAME_LOCK_AFTER_FAILURES = 50;
/** Distinct user names one client may fail against within CLIENT_WINDOW_MS before it must answer captchas / is locked. */
export const CLIENT_CAPTCHA_AFTER_NAMES = 10;
export const CLIENT_LOCK_AFTER_NAMES = 20;
export const CLIENT_WINDOW_MS = 15 * MINUTE;
/** Wrong current passwords (baseUsersRestful/updatePassword) after which the change is refused for LOCK_MS. */
export const PASSWORD_CHECK_LOCK_AFTER = 5;

export type LockKind = 'client' | 'name' | 'clientName' | 'password';

export interface ThrottleState {
  failures: number;
  captchaRequired: boolean;
  lockedUntil?: number;
  /** Which lock is in force: the client's, the name's (every client), or this client's on this name. */
  lock?: LockKind;
}

/** Reads go through the database or a transaction alike. */
type Reader = Pick<SqlExecutor, 'select' | 'dialect'>;

interface Counter {
  failures: number;
  lockedUntil: number;
}

/*
 * Keys in base_login_throttle. A bare (lower-cased) user name is the name's count over every
 * client; the others carry a prefix with a space, which user names never contain (the
 * registration limiter uses 'register ip …' the same way).
 */
const nameKey = (userName: string) => userName.trim().toLowerCase().slice(0, 100);
const clientNamePrefix = (ip: string) => `login ${ip.slice(0, 45)} `;
const clientNameKey = (userName: string, ip: string) => `${clientNamePrefix(ip)}${nameKey(userName)}`.slice(0, 100);
const clientKey = (ip: string) => `login ip ${ip.slice(0, 45)}`;
const passwordKey = (userId: number) => `password user ${userId}`;

/**
 * Failed logins, counted per user name whether or not the user exists, so the answers never tell
 * which names exist. The policy (docs/decisions.md, "Issue 13: limits and hygiene"):
 *  - 3 failures of a name (any client) → every client must answer a captcha for it;
 *  - 5 failures of one client on one name → that client is locked out of that name for 15
 *    minutes; other clients are not, so nobody can lock a user out from one machine;
 *  - 50 failures of a name from all clients → the name is locked for everyone for 15 minutes
 *    (a ceiling against a distributed guess, each client being held to 5);
 *  - one client failing against 10 distinct names within 15 minutes answers captchas for every
 *    name, against 20 it is locked out entirely for 15 minutes (password spraying).
 * State lives in the database, so every server process shares it.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly entity: EntityModel,
  ) {}

  private async counters(tx: Reader, keys: string[]): Promise<Map<string, Counter>> {
    const q = tx.dialect.quote;
    const rows = await tx.select(
      `SELECT ${q('user_name_key')} AS k, ${q('failed_count')} AS failures, ${q('locked_until')} AS lockedUntil FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} IN (${keys.map(() => '?').join(', ')})`,
      keys,
    );
    // MariaDB compares keys case-insensitively: they are lower case (names) or addresses anyway.
    return new Map(
      rows.map((r) => [
        String(r.k).toLowerCase(),
        { failures: Number(r.failures ?? 0), lockedUntil: parseDateTime(r.lockedUntil) },
      ]),
    );
  }

  /** Distinct names this client failed against within the window (its rows keyed 'login <ip> <name>'). */
  private async namesFailedBy(tx: Reader, ip: string): Promise<number> {
    const q = tx.dialect.quote;
    const rows = await tx.select(
      `SELECT COUNT(*) AS n FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} LIKE ? ESCAPE '!' AND ${q('last_failure_date')} > ?`,
      [`${clientNamePrefix(ip).replace(/[!%_]/g, (c) => `!${c}`)}%`, stampIn(-CLIENT_WINDOW_MS)],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async state(userName: string, ip = ''): Promise<ThrottleState> {
    return this.stateIn(this.db, userName, ip);
  }

  private async stateIn(tx: Reader, userName: string, ip: string): Promise<ThrottleState> {
    const now = Date.now();
    const keys = [nameKey(userName), clientNameKey(userName, ip), clientKey(ip)];
    const counters = await this.counters(tx, keys);
    const [name, clientName, client] = keys.map((k) => counters.get(k.toLowerCase()));
    const names = await this.namesFailedBy(tx, ip);
    const failures = name?.failures ?? 0;
    const captchaRequired = failures >= CAPTCHA_AFTER_FAILURES || names >= CLIENT_CAPTCHA_AFTER_NAMES;
    const locks: [LockKind, Counter | undefined][] = [
      ['client', client],
      ['name', name],
      ['clientName', clientName],
    ];
    for (const [lock, counter] of locks) {
      if (counter && counter.lockedUntil > now)
        return { failures, captchaRequired: true, lockedUntil: counter.lockedUntil, lock };
    }
    return { failures, captchaRequired };
  }

  /**
   * One more failure of `key`: a lock that has run out starts a fresh count just below the lock
   * (the captcha stays until a success); reaching `lockAfter` locks the key for LOCK_MS.
   */
  private async bump(tx: SqlExecutor, key: string, lockAfter: number): Promise<void> {
    const q = tx.dialect.quote;
    const rows = await tx.select(
      `SELECT ${q('throttle_id')} AS id, ${q('failed_count')} AS n, ${q('locked_until')} AS lockedUntil FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?${tx.dialect.forUpdate}`,
      [key],
    );
    if (!rows[0]) {
      await this.writer.insert(
        tx,
        this.entity,
        {
          userNameKey: key,
          failedCount: 1,
          lastFailureDate: formatDateTime(),
          lockedUntil: lockAfter <= 1 ? stampIn(LOCK_MS) : null,
        },
        systemContext(),
      );
      return;
    }
    const expiredLock = rows[0].lockedUntil && parseDateTime(rows[0].lockedUntil) <= Date.now();
    const failures = expiredLock ? Math.min(lockAfter, CAPTCHA_AFTER_FAILURES + 1) : Number(rows[0].n) + 1;
    const lockedUntil = failures >= lockAfter ? stampIn(LOCK_MS) : null;
    await tx.execute(
      `UPDATE ${q('base_login_throttle')} SET ${q('failed_count')} = ?, ${q('last_failure_date')} = ?, ${q('locked_until')} = ? WHERE ${q('throttle_id')} = ?`,
      [failures, formatDateTime(), lockedUntil, Number(rows[0].id)],
    );
  }

  async recordFailure(userName: string, ip = ''): Promise<ThrottleState> {
    return this.db.transaction(async (tx) => {
      await this.bump(tx, nameKey(userName), NAME_LOCK_AFTER_FAILURES);
      await this.bump(tx, clientNameKey(userName, ip), LOCK_AFTER_FAILURES);
      if ((await this.namesFailedBy(tx, ip)) >= CLIENT_LOCK_AFTER_NAMES) {
        const current = (await this.counters(tx, [clientKey(ip)])).get(clientKey(ip));
        if (!current || !(current.lockedUntil > Date.now())) await this.bump(tx, clientKey(ip), 1);
      }
      return this.stateIn(tx, userName, ip);
    });
  }

  /** A success clears the name's count and this client's count on it (not the client's other names). */
  async reset(userName: string, ip?: string): Promise<void> {
    const q = this.db.dialect.quote;
    const keys = [nameKey(userName), ...(ip === undefined ? [] : [clientNameKey(userName, ip)])];
    await this.db.transaction((tx) =>
      tx.execute(
        `DELETE FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} IN (${keys.map(() => '?').join(', ')})`,
        keys,
      ),
    );
  }

  /** Wrong current passwords of a signed-in user: locked after PASSWORD_CHECK_LOCK_AFTER, for LOCK_MS. */
  async passwordCheckLock(userId: number): Promise<number | undefined> {
    const counter = (await this.counters(this.db, [passwordKey(userId)])).get(passwordKey(userId));
    return counter && counter.lockedUntil > Date.now() ? counter.lockedUntil : undefined;
  }

  async recordPasswordCheckFailure(userId: number): Promise<number | undefined> {
    await this.db.transaction((tx) => this.bump(tx, passwordKey(userId), PASSWORD_CHECK_LOCK_AFTER));
    return this.passwordCheckLock(userId);
  }

  async resetPasswordCheck(userId: number): Promise<void> {
    const q = this.db.dialect.quote;
    await this.db.transaction((tx) =>
      tx.execute(`DELETE FROM ${q('base_login_throttle')} WHERE ${q('user_name_key')} = ?`, [passwordKey(userId)]),
    );
  }
}
