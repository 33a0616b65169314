import type { EntityModel } from '@meridian/metadata';
import { createHash } from 'node:crypto';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';

/**
 * Rules that span several rows ("at most one change under approval per supplier", "a company
 * name registers once") cannot be a plain read-then-write: two transactions both read "none yet"
 * and both write. Inside the transaction that writes, first take a lock that every writer of the
 * rule takes, then check, then write (docs/developer-guide.md, "Invariants under concurrency").
 *
 * MySQL/MariaDB: the lock is a row lock (SELECT … FOR UPDATE, or the upsert of a key row) held
 * until commit. The check after it must use `readUnderLock`: under REPEATABLE READ a plain SELECT
 * answers from the snapshot the transaction took at its first read, which may predate the other
 * writer's commit that the lock waited for.
 *
 * SQLite: one process runs one transaction at a time (Database.transaction queues them); the
 * lock is a write on the locked row, so a writer from another process waits for (busy_timeout)
 * or fails on the database write lock instead of deciding on a stale read.
 */

/**
 * Locks the row `id` of `entity` (the record owning the rule: the supplier of its changes, the
 * header of its lines) until the transaction ends. False when there is no such row.
 */
export async function lockOwner(tx: SqlExecutor, entity: EntityModel, id: number): Promise<boolean> {
  const q = tx.dialect.quote;
  const pk = q(entity.field(entity.primaryKey)!.column);
  if (tx.dialect.kind === 'mysql') {
    return (await tx.select(`SELECT ${pk} FROM ${q(entity.table)} WHERE ${pk} = ? FOR UPDATE`, [id])).length > 0;
  }
  return (await tx.execute(`UPDATE ${q(entity.table)} SET ${pk} = ${pk} WHERE ${pk} = ?`, [id])).affected > 0;
}

/**
 * Locks a named key (e.g. `register name:acme ltd`) until the transaction ends, for a rule with no
 * owning row yet (uniqueness among rows that may repeat once rejected, which a unique index cannot
 * say). The key is a row of base_doc_sequence (key `#` + 39 characters of its SHA-256, apart from
 * the document-number keys), upserted as a document number is: the second writer of a key waits
 * for the first to commit. Keys are taken in a fixed order (sorted). Two writers upserting two
 * key rows that do not exist yet can still meet in an InnoDB deadlock (seen in CI: two
 * registrations of one company); a transaction taking several keys runs with
 * `deadlockAttempts` (Database.transaction), so the victim runs again and meets the winner's commit.
 */
export async function lockKeys(tx: SqlExecutor, keys: string[]): Promise<void> {
  const stamp = formatDateTime();
  const q = tx.dialect.quote;
  const upsert =
    tx.dialect.kind === 'mysql'
      ? `INSERT INTO ${q('base_doc_sequence')} (${q('seq_key')}, ${q('last_value')}, ${q('version_num')}, ${q('creation_date')}, ${q('last_update_date')}) VALUES (?, 1, 1, ?, ?) ` +
        `ON DUPLICATE KEY UPDATE ${q('last_value')} = ${q('last_value')} + 1, ${q('last_update_date')} = VALUES(${q('last_update_date')})`
      : `INSERT INTO ${q('base_doc_sequence')} (${q('seq_key')}, ${q('last_value')}, ${q('version_num')}, ${q('creation_date')}, ${q('last_update_date')}) VALUES (?, 1, 1, ?, ?) ` +
        `ON CONFLICT(${q('seq_key')}) DO UPDATE SET ${q('last_value')} = ${q('last_value')} + 1, ${q('last_update_date')} = excluded.${q('last_update_date')}`;
  for (const key of [...new Set(keys.map(keyRow))].sort()) await tx.execute(upsert, [key, stamp, stamp]);
}

function keyRow(key: string): string {
  return `#${createHash('sha256').update(key).digest('base64url').slice(0, 39)}`;
}

/**
 * A SELECT for the check made after the lock: it reads the latest committed rows (a locking read
 * on MySQL/MariaDB, so also locks what it reads), never an older snapshot of the transaction.
 * `sql` is a plain SELECT without a trailing locking clause.
 */
export function readUnderLock(tx: SqlExecutor, sql: string, params: SqlParam[] = []): Promise<Row[]> {
  return tx.select(`${sql}${tx.dialect.forUpdate}`, params);
}
