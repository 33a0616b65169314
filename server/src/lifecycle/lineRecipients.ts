import {
  evaluateFilter,
  filterFields,
  type EntityModel,
  type FilterNode,
  type RecipientsDef,
} from '@meridian/metadata';
import { readUnderLock } from '../resource/invariantLocks';
import type { Row, SqlExecutor } from '../db/sqlExecutor';
import type { PlatformRows } from './platformRows';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { TransitionRun } from './transitionRun';

interface LineDeps {
  registry: MetadataRegistry;
  rows: PlatformRows;
}

/** The fields of a child's lines of the run's record, in key order; the child's entity with them. */
export async function readLines(
  deps: LineDeps,
  run: Pick<TransitionRun, 'entity' | 'id' | 'tx'>,
  childName: string,
  fields: string[],
): Promise<{ lines: EntityModel; rows: Row[] }> {
  const child = run.entity.children.find((c) => c.name === childName)!;
  const lines = deps.registry.entity(child.entity)!;
  const { t, c } = deps.rows.sql;
  const read = [...new Set([lines.primaryKey, ...fields])];
  const rows = await run.tx.select(
    `SELECT ${read.map((f) => `${c(lines.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} ` +
      `FROM ${t(lines.name)} WHERE ${c(lines.name, child.foreignKey)} = ? ORDER BY ${c(lines.name, lines.primaryKey)}`,
    [run.id],
  );
  return { lines, rows };
}

/** The values of `field` of the records a reference field of the lines names, by their key (one read). */
async function referencedValues(
  deps: LineDeps,
  tx: SqlExecutor,
  lines: EntityModel,
  reference: string,
  field: string,
  keys: unknown[],
) {
  const target = deps.registry.entity(lines.field(reference)!.reference!.entity)!;
  const ids = [...new Set(keys.filter((k) => k !== null && k !== undefined).map(Number))];
  if (!ids.length) return new Map<number, unknown>();
  const { t, c } = deps.rows.sql;
  const rows = await tx.select(
    `SELECT ${c(target.name, target.primaryKey)} AS k, ${c(target.name, field)} AS v FROM ${t(target.name)} ` +
      `WHERE ${c(target.name, target.primaryKey)} IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return new Map(rows.map((r) => [Number(r.k), r.v]));
}

/**
 * The distinct users or suppliers a field of the record's lines names (recipients with `lines`:
 * one to-do per supplier of an acknowledgement form's lines), among the lines that match `where`,
 * in line order. "reference.field" reads the field of the record a line's reference names (the
 * buyer of each line's order: "orderHeaderId.buyerId"), as committed.
 */
export async function lineRecipientValues(deps: LineDeps, run: TransitionRun, to: RecipientsDef): Promise<unknown[]> {
  const [reference, through] = (to.userField ?? to.supplierField)!.split('.');
  const { lines, rows } = await readLines(deps, run, to.lines!, [reference, ...filterFields(to.where)]);
  const matching = rows.filter((line) => !to.where || evaluateFilter(to.where, line, { ...run.ctx.vars, line }));
  const named = through
    ? await referencedValues(
        deps,
        run.tx,
        lines,
        reference,
        through,
        matching.map((l) => l[reference]),
      )
    : undefined;
  const values = matching
    .map((line) => (named ? named.get(Number(line[reference])) : line[reference]))
    .filter((v) => v !== null && v !== undefined && v !== '');
  return [...new Set(values.map(String))].map(Number);
}

/**
 * Whether a line of the record `bill` names (a child `lines` of its entity) matches `where`, "$record.x"
 * reading the transition's own record; the lines are read under lock, so the second of two
 * transitions committed at once sees the first's lines (closeTodos noLine).
 */
export async function anyLineMatches(
  deps: LineDeps,
  run: TransitionRun,
  record: Row,
  bill: { entityName: string; billId: number },
  d: { lines: string; where: FilterNode },
): Promise<boolean> {
  const entity = deps.registry.entity(bill.entityName)!;
  const child = entity.children.find((c) => c.name === d.lines)!;
  const lines = deps.registry.entity(child.entity)!;
  const { t, c } = deps.rows.sql;
  const read = [...new Set([lines.primaryKey, ...filterFields(d.where)])];
  const rows = await readUnderLock(
    run.tx,
    `SELECT ${read.map((f) => `${c(lines.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} FROM ${t(lines.name)} ` +
      `WHERE ${c(lines.name, child.foreignKey)} = ? ORDER BY ${c(lines.name, lines.primaryKey)}`,
    [bill.billId],
  );
  return rows.some((line) => evaluateFilter(d.where, line, { ...run.ctx.vars, record }));
}
