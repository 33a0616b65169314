import { evaluateFilter, filterFields, type EntityModel, type RecipientsDef } from '@meridian/metadata';
import type { Row } from '../db/sqlExecutor';
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

/**
 * The distinct users or suppliers a field of the record's lines names (recipients with `lines`:
 * one to-do per supplier of an acknowledgement form's lines), among the lines that match `where`,
 * in line order.
 */
export async function lineRecipientValues(deps: LineDeps, run: TransitionRun, to: RecipientsDef): Promise<unknown[]> {
  const field = (to.userField ?? to.supplierField)!;
  const { rows } = await readLines(deps, run, to.lines!, [field, ...filterFields(to.where)]);
  const values = rows
    .filter((line) => !to.where || evaluateFilter(to.where, line, { ...run.ctx.vars, line }))
    .map((line) => line[field])
    .filter((v) => v !== null && v !== undefined && v !== '');
  return [...new Set(values.map(String))].map(Number);
}
