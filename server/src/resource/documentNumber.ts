import type { SqlExecutor } from '../db/sqlExecutor';
import { compactDate, formatDateTime } from '../util/time';

/**
 * Next document number {PREFIX}{yyyyMMdd}{4-digit seq} (DOMAIN section 0). The sequence row is
 * upserted inside the caller's transaction, so two concurrent saves never get the same number.
 */
export async function nextDocumentNumber(tx: SqlExecutor, prefix: string, now = new Date()): Promise<string> {
  const key = `${prefix}${compactDate(now)}`;
  const stamp = formatDateTime(now);
  const upsert =
    tx.dialect.kind === 'mysql'
      ? 'INSERT INTO `base_doc_sequence` (`seq_key`, `last_value`, `version_num`, `creation_date`, `last_update_date`) VALUES (?, 1, 1, ?, ?) ' +
        'ON DUPLICATE KEY UPDATE `last_value` = `last_value` + 1, `last_update_date` = VALUES(`last_update_date`)'
      : 'INSERT INTO "base_doc_sequence" ("seq_key", "last_value", "version_num", "creation_date", "last_update_date") VALUES (?, 1, 1, ?, ?) ' +
        'ON CONFLICT("seq_key") DO UPDATE SET "last_value" = "last_value" + 1, "last_update_date" = excluded."last_update_date"';
  await tx.execute(upsert, [key, stamp, stamp]);
  const rows = await tx.select(
    `SELECT ${tx.dialect.quote('last_value')} AS n FROM ${tx.dialect.quote('base_doc_sequence')} WHERE ${tx.dialect.quote('seq_key')} = ?`,
    [key],
  );
  return `${key}${String(rows[0].n).padStart(4, '0')}`;
}
