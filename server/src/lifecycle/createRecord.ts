import { evaluateFilter, type CreateRecordDef, type EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { prepareRecord } from '../resource/recordPreparation';
import type { ResourceWriter } from '../resource/resourceWriter';
import type { PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

/**
 * The `createRecord` effect (lifecycle.schema.json): a record of another entity made from this one —
 * a history row, an order from an award. It goes through the generic writer, so the new record gets
 * its document number, hooks, bounds and record rules like one saved from a page, as the acting
 * user and inside the transition's transaction: a refusal rolls the whole action back.
 */
export interface CreateDeps {
  registry: MetadataRegistry;
  rows: PlatformRows;
  writer: ResourceWriter;
}

type Values = (set: CreateRecordDef['set'], source: Row) => Record<string, SqlParam>;

/** The source lines of `from` that match `where`, each as a new line ({ field } reads the line, else the header). */
async function linesOf(deps: CreateDeps, run: TransitionRun, record: Row, d: CreateRecordDef, values: Values) {
  const spec = d.lines!;
  const child = run.entity.children.find((c) => c.name === spec.from)!;
  const source: EntityModel = deps.registry.entity(child.entity)!;
  const { t, c } = deps.rows.sql;
  const fields = source.fields.map((f) => f.name);
  const rows = await run.tx.select(
    `SELECT ${fields.map((f) => `${c(source.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} ` +
      `FROM ${t(source.name)} WHERE ${c(source.name, child.foreignKey)} = ? ORDER BY ${c(source.name, source.primaryKey)}`,
    [run.id],
  );
  return rows
    .filter((line) => !spec.where || evaluateFilter(spec.where, line, run.ctx.vars))
    .map((line) => values(spec.set, { ...record, ...line }));
}

export async function createRecord(
  deps: CreateDeps,
  run: TransitionRun,
  record: Row,
  d: CreateRecordDef,
  values: Values,
): Promise<void> {
  if (d.when && !evaluateFilter(d.when, record, run.ctx.vars)) return;
  const target = deps.registry.entity(d.entity)!;
  const body = {
    ...values(d.set, record),
    ...(d.lines ? { [d.lines.into]: await linesOf(deps, run, record, d, values) } : {}),
  };
  // Prepared as a page's save is: required fields, types, bounds and context defaults, 400 if not.
  const prepared = prepareRecord(deps.registry, target, body, run.ctx, '', 'declaration');
  await deps.writer.save(run.tx, target, prepared, run.ctx);
}
