import type { EntityModel, OtherRecordCheck } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import { readUnderLock } from '../resource/invariantLocks';
import type { ResourceContext } from '../resource/context';
import type { PlatformRows } from './platformRows';

/** What a check reads: the transition's record under lock, its transaction and the metadata. */
export interface CheckScope {
  registry: MetadataRegistry;
  rows: PlatformRows;
  tx: SqlExecutor;
  entity: EntityModel;
  id: number;
  record: Row;
  ctx: ResourceContext;
  /**
   * Read the record's own lines with a locking read (the latest committed rows): a system
   * transition asked after a line's move (transitionRelated ifChecksPass), whose lines' writers all lock the
   * record first, so the lock costs no wait. Other checks read them plainly: a locking read of a
   * header's lines on MariaDB also locks the index gaps beside them, which deadlocks two
   * documents published at once.
   */
  linesUnderLock?: boolean;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The first other record in the check's states with the same values as the transition's record
 * (and, with overlap, a [from, to] sharing a day with the record's; a blank end is open), read
 * under lock so that two transactions cannot both see none and both go on (one open request per
 * supplier). The record itself never counts. Undefined when there is none.
 */
export async function otherRecord(
  s: CheckScope,
  rule: OtherRecordCheck['noOther'],
  shown: string[],
): Promise<Row | undefined> {
  const entity = rule.entity ? s.registry.entity(rule.entity)! : s.entity;
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const col = (f: string) => c(entity.name, f);
  const where: string[] = [`${col(entity.statusField!)} IN (${rule.states.map(() => '?').join(', ')})`];
  const params: SqlParam[] = [...rule.states];
  for (const f of rule.same) {
    const value = s.record[f] as SqlParam;
    if (blank(value)) where.push(`${col(f)} IS NULL`);
    else {
      where.push(`${col(f)} = ?`);
      params.push(value);
    }
  }
  if (rule.overlap) {
    const { from, to } = rule.overlap;
    where.push(`(${col(to)} IS NULL OR ${col(to)} >= ?)`);
    params.push(s.record[from] as SqlParam);
    if (!blank(s.record[to])) {
      where.push(`${col(from)} <= ?`);
      params.push(s.record[to] as SqlParam);
    }
  }
  if (entity.name === s.entity.name) {
    where.push(`${col(entity.primaryKey)} <> ?`);
    params.push(s.id);
  }
  const names = [...new Set([entity.primaryKey, ...shown])].filter((f) => entity.field(f));
  const [row] = await readUnderLock(
    s.tx,
    `SELECT ${names.map((f) => `${col(f)} AS ${q(f)}`).join(', ')} FROM ${t(entity.name)} WHERE ${where.join(' AND ')}`,
    params,
  );
  // An open end reads as ∞ in the message ("2026-01-01 ~ ∞").
  if (row && rule.overlap && blank(row[rule.overlap.to])) return { ...row, [rule.overlap.to]: '∞' };
  return row;
}
