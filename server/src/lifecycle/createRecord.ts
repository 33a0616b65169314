import { evaluateFilter, type CreateRecordDef, type EntityModel, type FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlParam } from '../db/sqlExecutor';
import { prepareRecord, type PreparedRecord } from '../resource/recordPreparation';
import type { ResourceWriter } from '../resource/resourceWriter';
import { readLines } from './lineRecipients';
import type { PlatformRows } from './platformRows';
import type { TransitionRun } from './transitionRun';

/**
 * The `createRecord` effect (lifecycle.schema.json): a record of another entity made from this one —
 * a history row, an order from an award — or one per line or group of lines (forEach: a price per
 * agreement line, an order per supplier of an award's lines). It goes through the generic writer,
 * so the new record gets its document number, hooks, bounds and record rules like one saved from a
 * page, as the acting user and inside the transition's transaction: a refusal rolls the whole
 * action back.
 */
export interface CreateDeps {
  registry: MetadataRegistry;
  rows: PlatformRows;
  writer: ResourceWriter;
}

type Values = (set: CreateRecordDef['set'], source: Row) => Record<string, SqlParam>;

/** Every field of the record's lines of one child that match `where`, in key order. */
async function sourceLines(deps: CreateDeps, run: TransitionRun, from: string, where?: FilterNode) {
  const child = run.entity.children.find((c) => c.name === from)!;
  const fields = deps.registry.entity(child.entity)!.fields.map((f) => f.name);
  const { lines, rows } = await readLines(deps, run, from, fields);
  return { lines, rows: rows.filter((line) => !where || evaluateFilter(where, line, run.ctx.vars)) };
}

/** The lines in groups of equal groupBy values, in the order their first line comes; one group per line without. */
function groupsOf(rows: Row[], groupBy?: string[]): Row[][] {
  if (!groupBy) return rows.map((row) => [row]);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = JSON.stringify(groupBy.map((f) => row[f] ?? null));
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/**
 * The new record's lines, one per source line ({ field } reads the line, else the header): the
 * group's own when they come from the child forEach walks, else every line of `from`.
 */
async function newLines(
  deps: CreateDeps,
  run: TransitionRun,
  d: CreateRecordDef,
  header: Row,
  values: Values,
  group?: Row[],
) {
  const spec = d.lines!;
  const own = group && d.forEach!.lines === spec.from;
  const rows = own
    ? group.filter((line) => !spec.where || evaluateFilter(spec.where, line, run.ctx.vars))
    : (await sourceLines(deps, run, spec.from, spec.where)).rows;
  return rows.map((line) => values(spec.set, { ...header, ...line }));
}

/**
 * A body may not set serverOnly fields (a price's agreement line, its item code): prepareRecord
 * drops them. An effect's values are declared in metadata, not sent, so those it names are kept.
 */
function withServerValues(entity: EntityModel, record: PreparedRecord, body: Row): void {
  for (const f of entity.fields)
    if (f.serverOnly && !f.system && f.name !== entity.statusField && f.name in body)
      record.values[f.name] = body[f.name] === '' ? null : body[f.name];
}

async function saveOne(
  deps: CreateDeps,
  run: TransitionRun,
  target: EntityModel,
  d: CreateRecordDef,
  source: Row,
  values: Values,
  group?: Row[],
) {
  const body = {
    ...values(d.set, source),
    ...(d.lines ? { [d.lines.into]: await newLines(deps, run, d, source, values, group) } : {}),
  };
  // Prepared as a page's save is: required fields, types, bounds and context defaults, 400 if not.
  const record = prepareRecord(deps.registry, target, body, run.ctx, '', 'declaration');
  withServerValues(target, record, body);
  if (d.lines) {
    const lines = deps.registry.entity(target.children.find((c) => c.name === d.lines!.into)!.entity)!;
    const rows = body[d.lines.into] as Row[];
    record.children[d.lines.into]?.forEach((line, i) => withServerValues(lines, line, rows[i]));
  }
  return deps.writer.save(run.tx, target, record, run.ctx, undefined, { declared: true });
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
  if (!d.forEach) return void (await saveOne(deps, run, target, d, record, values));
  const { lines, rows } = await sourceLines(deps, run, d.forEach.lines, d.forEach.where);
  for (const group of groupsOf(rows, d.forEach.groupBy)) {
    // A value reads the group's first line, then the header.
    const id = await saveOne(deps, run, target, d, { ...record, ...group[0] }, values, group);
    if (!d.forEach.keyInto) continue;
    for (const line of group)
      await deps.rows.update(
        run.tx,
        lines.name,
        { [d.forEach.keyInto]: id },
        { [lines.primaryKey]: line[lines.primaryKey] as SqlParam },
        run.actor.userId,
      );
  }
}
