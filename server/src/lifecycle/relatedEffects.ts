import {
  evaluateFilter,
  filterFields,
  type EntityModel,
  type FilterNode,
  type RelatedDef,
  type TransitionRelatedDef,
} from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor, SqlParam } from '../db/sqlExecutor';
import type { ResourceContext } from '../resource/context';
import { readUnderLock } from '../resource/invariantLocks';
import type { PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

/**
 * The effects on related records (lifecycle.schema.json setRelated, transitionRelated): the record a
 * reference field of this one names (an owner: an EQ of its promotion), or the records of an entity
 * whose reference field points at this one. They are read with a locking read after this record's
 * lock — the owner a lifecycle declares is locked before the record, so writing to it keeps the
 * owner-then-record order of "Invariants under concurrency" — and a transition run on them is a full
 * system transition in this one's transaction (their own owner and record locks, state, checks,
 * effects, handler, history).
 */
export interface RelatedDeps {
  registry: MetadataRegistry;
  rows: PlatformRows;
  runTransition: (
    tx: SqlExecutor,
    entity: EntityModel,
    action: string,
    id: number,
    ctx: ResourceContext,
    /** cause: the run whose effect asks for it (its history may name that document: historyNamesCause). */
    options: { ifChecksPass?: boolean; cause: TransitionRun },
  ) => Promise<void>;
}

interface Related {
  entity: EntityModel;
  rows: Row[];
}

/** The keys of the record's lines of one child (the parameter is the record's key). */
function linesOf(deps: RelatedDeps, run: TransitionRun, via: string): string {
  const child = run.entity.children.find((c) => c.name === via)!;
  const lines = deps.registry.entity(child.entity)!;
  const { t, c } = deps.rows.sql;
  return `SELECT ${c(lines.name, lines.primaryKey)} FROM ${t(lines.name)} WHERE ${c(lines.name, child.foreignKey)} = ?`;
}

/**
 * The keys of the records a reference field of the record's lines names (via + reference), of the
 * lines that match viaWhere: a daily management's selected sites.
 */
async function namedByLines(deps: RelatedDeps, run: TransitionRun, related: RelatedDef): Promise<SqlParam[]> {
  const child = run.entity.children.find((c) => c.name === related.via)!;
  const lines = deps.registry.entity(child.entity)!;
  const names = [...new Set([related.reference!, ...filterFields(related.viaWhere)])];
  const { t, c } = deps.rows.sql;
  const rows = await run.tx.select(
    `SELECT ${names.map((f) => `${c(lines.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} FROM ${t(lines.name)} ` +
      `WHERE ${c(lines.name, child.foreignKey)} = ?`,
    [run.id],
  );
  const keys = rows
    .filter((line) => !related.viaWhere || evaluateFilter(related.viaWhere, line, run.ctx.vars))
    .map((line) => line[related.reference!] as SqlParam);
  return [...new Set(keys.filter((k) => k !== null && k !== undefined))];
}

/** The entity of the related records, the field they are selected by and the values it may hold. */
async function selection(deps: RelatedDeps, run: TransitionRun, record: Row, related: RelatedDef) {
  if (related.via && related.reference) {
    const ref = deps.registry.entity(run.entity.children.find((c) => c.name === related.via)!.entity)!;
    const entity = deps.registry.entity(ref.field(related.reference)!.reference!.entity)!;
    return { entity, by: entity.primaryKey, values: await namedByLines(deps, run, related) };
  }
  if (related.reference) {
    const entity = deps.registry.entity(run.entity.field(related.reference)!.reference!.entity)!;
    return { entity, by: entity.primaryKey, values: [record[related.reference] as SqlParam] };
  }
  const entity = deps.registry.entity(related.entity!)!;
  return { entity, by: related.field!, values: [(related.equals ? record[related.equals] : run.id) as SqlParam] };
}

/** The related records with their key, status and the fields `where` reads, matching `where`. */
export async function relatedOf(
  deps: RelatedDeps,
  run: TransitionRun,
  record: Row,
  related: RelatedDef,
  where?: FilterNode,
) {
  const { entity, by, values } = await selection(deps, run, record, related);
  const given = values.filter((v) => v !== null && v !== undefined);
  if (!given.length) return { entity, rows: [] };
  const { t, c } = deps.rows.sql;
  const names = [
    ...new Set([entity.primaryKey, ...(entity.statusField ? [entity.statusField] : []), ...filterFields(where)]),
  ];
  const rows = await readUnderLock(
    run.tx,
    `SELECT ${names.map((f) => `${c(entity.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} FROM ${t(entity.name)} ` +
      `WHERE ${c(entity.name, by)} ${related.via && !related.reference ? `IN (${linesOf(deps, run, related.via)})` : `IN (${given.map(() => '?').join(', ')})`} ` +
      `ORDER BY ${c(entity.name, entity.primaryKey)}`,
    related.via && !related.reference ? [run.id] : given,
  );
  return { entity, rows: rows.filter((row) => !where || evaluateFilter(where, row, run.ctx.vars)) } as Related;
}

export async function setRelated(
  deps: RelatedDeps,
  run: TransitionRun,
  record: Row,
  d: { related: RelatedDef; where?: FilterNode },
  values: Record<string, SqlParam>,
): Promise<void> {
  const { entity, rows } = await relatedOf(deps, run, record, d.related, d.where);
  for (const row of rows)
    await deps.rows.update(
      run.tx,
      entity.name,
      values,
      { [entity.primaryKey]: row[entity.primaryKey] as SqlParam },
      run.actor.userId,
    );
}

export async function transitionRelated(
  deps: RelatedDeps,
  run: TransitionRun,
  record: Row,
  d: TransitionRelatedDef,
): Promise<void> {
  if (d.when && !evaluateFilter(d.when, record, run.ctx.vars)) return;
  const { entity, rows } = await relatedOf(deps, run, record, d.related, d.where);
  const lifecycle = deps.registry.lifecycle(entity.def.lifecycle!)!;
  const from = lifecycle.transitions.find((t) => t.action === d.action)!.from;
  for (const row of rows) {
    // Skipped, not refused: "answer the EQ when it still waits for one" (ifAllowed).
    if (d.ifAllowed && !from.includes(String(row[entity.statusField!]))) continue;
    await deps.runTransition(run.tx, entity, d.action, Number(row[entity.primaryKey]), run.ctx, {
      ifChecksPass: d.ifChecksPass,
      cause: run,
    });
  }
}
