import type { EntityModel } from '@meridian/metadata';
import type { Database } from '../db/sqlExecutor';
import type { ResourceWriter } from '../resource/resourceWriter';
import { systemContext } from '../resource/context';
import { formatDateTime } from '../util/time';
import { HOUR, MINUTE, parseDateTime, stampIn } from './clock';
import { randomToken, sameSecret, sha256 } from './tokens';

export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_ABSOLUTE_MS = 12 * HOUR;
const TOUCH_EVERY_MS = MINUTE;

export interface SessionRow {
  sessionId: number;
  userId: number;
  responsibilityId: number | null;
}

/**
 * Sessions in the database (docs/architecture.md "Running it": no state in the process, so N instances share
 * them). The client holds certificate + authorizationCode; we keep only their SHA-256.
 */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly writer: ResourceWriter,
    private readonly entity: EntityModel,
  ) {}

  async create(
    userId: number,
    info: { ip?: string; userAgent?: string },
  ): Promise<{ certificate: string; authorizationCode: string }> {
    const certificate = randomToken();
    const authorizationCode = randomToken();
    const now = formatDateTime();
    await this.db.transaction((tx) =>
      this.writer.insert(
        tx,
        this.entity,
        {
          userId,
          certificateHash: sha256(certificate),
          authCodeHash: sha256(authorizationCode),
          clientIp: (info.ip ?? '').slice(0, 64),
          userAgent: (info.userAgent ?? '').slice(0, 300),
          lastSeenDate: now,
          expiresDate: stampIn(SESSION_ABSOLUTE_MS),
          revokedFlag: 'N',
        },
        { ...systemContext(), userId },
      ),
    );
    return { certificate, authorizationCode };
  }

  /**
   * Checks a session row (read joined with its user on the hot path, PermissionGuard.identify) against the
   * authorization code and the expiries, and records activity at most once a minute.
   */
  async check(
    row: Record<string, unknown>,
    userId: number,
    authorizationCode: string,
  ): Promise<SessionRow | undefined> {
    const now = Date.now();
    if (
      !authorizationCode ||
      row.revokedFlag === 'Y' ||
      !sameSecret(String(row.authCodeHash), sha256(authorizationCode))
    )
      return undefined;
    if (parseDateTime(row.expiresDate) <= now || parseDateTime(row.lastSeenDate) + SESSION_IDLE_MS <= now)
      return undefined;
    const sessionId = Number(row.sessionId);
    if (now - parseDateTime(row.lastSeenDate) > TOUCH_EVERY_MS) {
      const q = this.db.dialect.quote;
      await this.db.transaction((tx) =>
        tx.execute(`UPDATE ${q('base_session')} SET ${q('last_seen_date')} = ? WHERE ${q('session_id')} = ?`, [
          formatDateTime(),
          sessionId,
        ]),
      );
    }
    return { sessionId, userId, responsibilityId: row.responsibilityId == null ? null : Number(row.responsibilityId) };
  }

  async setResponsibility(sessionId: number, responsibilityId: number): Promise<void> {
    const q = this.db.dialect.quote;
    await this.db.transaction((tx) =>
      tx.execute(`UPDATE ${q('base_session')} SET ${q('responsibility_id')} = ? WHERE ${q('session_id')} = ?`, [
        responsibilityId,
        sessionId,
      ]),
    );
  }

  async revoke(where: { sessionId: number } | { userId: number }, reason: string): Promise<void> {
    const q = this.db.dialect.quote;
    const [column, value] = 'sessionId' in where ? ['session_id', where.sessionId] : ['user_id', where.userId];
    await this.db.transaction((tx) =>
      tx.execute(
        `UPDATE ${q('base_session')} SET ${q('revoked_flag')} = 'Y', ${q('revoked_reason')} = ? WHERE ${q(column)} = ? AND ${q('revoked_flag')} = 'N'`,
        [reason, value],
      ),
    );
  }
}
