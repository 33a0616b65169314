import { evaluateFilter, filterFields, type EntityModel, type FilterNode, type RelatedDef } from '@meridian/metadata';
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
    options?: { ifChecksPass?: boolean },
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

/** The related records with their key, status and the fields `where` reads, matching `where`. */
export async function relatedOf(
  deps: RelatedDeps,
  run: TransitionRun,
  record: Row,
  related: RelatedDef,
  where?: FilterNode,
) {
  const entity = related.reference
    ? deps.registry.entity(run.entity.field(related.reference)!.reference!.entity)!
    : deps.registry.entity(related.entity!)!;
  const [by, value] = related.reference ? [entity.primaryKey, record[related.reference]] : [related.field!, run.id];
  if (value === null || value === undefined) return { entity, rows: [] };
  const { t, c } = deps.rows.sql;
  const names = [
    ...new Set([entity.primaryKey, ...(entity.statusField ? [entity.statusField] : []), ...filterFields(where)]),
  ];
  const rows = await readUnderLock(
    run.tx,
    `SELECT ${names.map((f) => `${c(entity.name, f)} AS ${run.tx.dialect.quote(f)}`).join(', ')} FROM ${t(entity.name)} ` +
      `WHERE ${c(entity.name, by)} ${related.via ? `IN (${linesOf(deps, run, related.via)})` : '= ?'} ORDER BY ${c(entity.name, entity.primaryKey)}`,
    [value as SqlParam],
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
  d: { related: RelatedDef; action: string; where?: FilterNode; ifAllowed?: boolean; ifChecksPass?: boolean },
): Promise<void> {
  const { entity, rows } = await relatedOf(deps, run, record, d.related, d.where);
  const lifecycle = deps.registry.lifecycle(entity.def.lifecycle!)!;
  const from = lifecycle.transitions.find((t) => t.action === d.action)!.from;
  for (const row of rows) {
    // Skipped, not refused: "answer the EQ when it still waits for one" (ifAllowed).
    if (d.ifAllowed && !from.includes(String(row[entity.statusField!]))) continue;
    await deps.runTransition(run.tx, entity, d.action, Number(row[entity.primaryKey]), run.ctx, {
      ifChecksPass: d.ifChecksPass,
    });
  }
}
