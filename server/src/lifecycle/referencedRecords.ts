import type { LinesCheck } from '@meridian/metadata';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { readUnderLock } from '../resource/invariantLocks';
import type { CheckScope } from './otherRecords';

/**
 * What a check reads of the record one of the transition's record's reference fields names (a
 * trial's qualification, a blacklist entry's supplier): that record's fields, and the lines of
 * one of its children, and the records the lines' own reference field names. Lines and the
 * lines' records are read under lock, so that a transition deciding them (the
 * qualification's node settled by another trial) waits for this one instead of both going on on
 * what they read before the other wrote; the record itself is a plain read, as it always was
 * (locking it would make every check of a reference a lock other domains' transitions never take).
 */

const blank = (v: unknown) => v === null || v === undefined || v === '';

function target(s: CheckScope, reference: string) {
  return s.registry.entity(s.entity.field(reference)!.reference!.entity)!;
}

/** The record the reference names, with these of its fields, or an empty row when it names none. */
export async function referencedRecord(s: CheckScope, reference: string, fields: string[]): Promise<Row> {
  const entity = target(s, reference);
  const id = s.record[reference];
  if (blank(id)) return {};
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([entity.primaryKey, ...fields])].filter((f) => entity.field(f));
  const [row] = await s.tx.select(
    `SELECT ${names.map((f) => `${c(entity.name, f)} AS ${q(f)}`).join(', ')} FROM ${t(entity.name)} ` +
      `WHERE ${c(entity.name, entity.primaryKey)} = ?`,
    [id as SqlParam],
  );
  return row ?? {};
}

/** The lines of the check's child of the referenced record, in key order; none when it names none. */
export async function referencedLines(s: CheckScope, check: LinesCheck, fields: string[]): Promise<Row[]> {
  const entity = target(s, check.reference!);
  const id = s.record[check.reference!];
  if (blank(id)) return [];
  const def = entity.children.find((c) => c.name === check.lines)!;
  const lines = s.registry.entity(def.entity)!;
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([lines.primaryKey, ...fields])].filter((f) => lines.field(f));
  return readUnderLock(
    s.tx,
    `SELECT ${names.map((f) => `${c(lines.name, f)} AS ${q(f)}`).join(', ')} FROM ${t(lines.name)} ` +
      `WHERE ${c(lines.name, def.foreignKey)} = ? ORDER BY ${c(lines.name, lines.primaryKey)}`,
    [id as SqlParam],
  );
}

/**
 * Each line with the record its lineReference names (a daily-management line's supplier site)
 * merged over it: the check's filters read that record's fields (its values win over a line field
 * of the same name), `$line.x` the merged row. Those records are read under lock in key order,
 * so that the document moving them (another approval) waits; a line naming none keeps its own.
 */
export async function withLineReferences(s: CheckScope, check: LinesCheck, lines: Row[], fields: string[]) {
  const name = check.lineReference!;
  const owner = check.reference ? target(s, check.reference) : s.entity;
  const child = s.registry.entity(owner.children.find((c) => c.name === check.lines)!.entity)!;
  const entity = s.registry.entity(child.field(name)!.reference!.entity)!;
  const ids = [...new Set(lines.map((l) => l[name]).filter((v) => !blank(v)))].sort((a, b) => Number(a) - Number(b));
  if (!ids.length) return lines;
  const { t, c } = s.rows.sql;
  const q = s.tx.dialect.quote;
  const names = [...new Set([entity.primaryKey, ...fields])].filter((f) => entity.field(f));
  const rows = await readUnderLock(
    s.tx,
    `SELECT ${names.map((f) => `${c(entity.name, f)} AS ${q(f)}`).join(', ')} FROM ${t(entity.name)} ` +
      `WHERE ${c(entity.name, entity.primaryKey)} IN (${ids.map(() => '?').join(', ')}) ORDER BY ${c(entity.name, entity.primaryKey)}`,
    ids as SqlParam[],
  );
  const byId = new Map(rows.map((r) => [String(r[entity.primaryKey]), r]));
  return lines.map((l) => {
    const named = blank(l[name]) ? undefined : byId.get(String(l[name]));
    if (!named) return l;
    // The referenced record's key is the line's reference value; the line keeps its own key.
    const { [entity.primaryKey]: _key, ...values } = named;
    return { ...l, ...values };
  });
}
