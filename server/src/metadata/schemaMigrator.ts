import type { DataSource, EntityMetadata, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { Table } from 'typeorm';
import type { DbKind } from '../config';

/**
 * Applies schema changes implied by entity metadata, but only additive ones: create table, add
 * column, add index. Anything else (a type, length or precision change, a changed index) is
 * refused with a message naming it, because TypeORM's synchronize turns such changes into
 * DROP + ADD and loses data (docs/architecture.md "Trap: TypeORM synchronize"). Columns missing from metadata
 * are left alone:
 * fields are retired, never dropped.
 */
export class SchemaChangeRefusedError extends Error {
  constructor(readonly changes: string[]) {
    super(
      'Refusing to start: the metadata asks for schema changes that are not additive. ' +
        'Write an explicit, reviewed migration for each:\n' +
        changes.map((c) => `  - ${c}`).join('\n'),
    );
    this.name = 'SchemaChangeRefusedError';
  }
}

type Step = { describe: string; apply: (runner: QueryRunner) => Promise<unknown> };

const TYPE_ALIASES: Record<string, string> = { integer: 'int', 'character varying': 'varchar', numeric: 'decimal' };
const typeName = (t: string) => TYPE_ALIASES[String(t).toLowerCase()] ?? String(t).toLowerCase();

function columnDifference(existing: TableColumn, wanted: TableColumn, kind: DbKind): string | undefined {
  const had = typeName(existing.type);
  const want = typeName(wanted.type);
  // SQLite stores whatever it is given; only its declared type names matter for the ids we chose.
  if (had !== want && !(kind === 'sqlite' && wanted.isPrimary)) return `type ${had} → ${want}`;
  if (want === 'varchar' && String(existing.length || '') !== String(wanted.length || '')) {
    return `length ${existing.length || '(none)'} → ${wanted.length}`;
  }
  if (
    want === 'decimal' &&
    (Number(existing.precision) !== Number(wanted.precision) || Number(existing.scale) !== Number(wanted.scale))
  ) {
    return `decimal(${existing.precision},${existing.scale}) → decimal(${wanted.precision},${wanted.scale})`;
  }
  return undefined;
}

function sameIndex(a: TableIndex, b: TableIndex): boolean {
  return !!a.isUnique === !!b.isUnique && a.columnNames.join(',') === b.columnNames.join(',');
}

async function addColumnStep(
  kind: DbKind,
  dataSource: DataSource,
  runner: QueryRunner,
  table: Table,
  column: TableColumn,
): Promise<unknown> {
  // The migration's own runner: a runner per column would hold a pooled connection each, never released.
  if (kind === 'mysql') return runner.addColumn(table, column);
  // TypeORM rebuilds a SQLite table to add a column; SQLite can do it in place, without copying rows.
  const type = dataSource.driver.createFullType(column);
  const def = column.default !== undefined ? ` DEFAULT ${column.default}` : '';
  return dataSource.query(`ALTER TABLE "${table.name}" ADD COLUMN "${column.name}" ${type}${def}`);
}

function planTable(
  kind: DbKind,
  dataSource: DataSource,
  wanted: Table,
  existing: Table | undefined,
  refused: string[],
): Step[] {
  if (!existing)
    return [{ describe: `create table ${wanted.name}`, apply: (r) => r.createTable(wanted, false, false, true) }];
  const steps: Step[] = [];
  for (const column of wanted.columns) {
    const had = existing.findColumnByName(column.name);
    if (had) {
      const diff = columnDifference(had, column, kind);
      if (diff) refused.push(`${wanted.name}.${column.name}: ${diff}`);
    } else if (!column.isNullable && column.default === undefined) {
      refused.push(
        `${wanted.name}.${column.name}: a new NOT NULL column without a default cannot be added to existing rows`,
      );
    } else {
      steps.push({
        describe: `add column ${wanted.name}.${column.name}`,
        apply: (r) => addColumnStep(kind, dataSource, r, existing, column),
      });
    }
  }
  for (const index of wanted.indices) {
    const had = existing.indices.find((i) => i.name === index.name);
    if (had && !sameIndex(had, index))
      refused.push(`${wanted.name}: index ${index.name} has other columns or uniqueness`);
    if (!had) steps.push({ describe: `create index ${index.name}`, apply: (r) => r.createIndex(existing, index) });
  }
  return steps;
}

/**
 * Every wanted table's current shape in one read. Read one table at a time, MariaDB answers
 * TypeORM's index and foreign-key queries (information_schema joins) by scanning every database
 * on the server, about half a second each with a few dozen test databases beside ours; batched,
 * those scans happen once.
 */
async function existingTables(runner: QueryRunner, metadatas: EntityMetadata[]): Promise<Map<string, Table>> {
  const tables = metadatas.length ? await runner.getTables(metadatas.map((m) => m.tablePath)) : [];
  return new Map(tables.map((t) => [t.name, t]));
}

async function planAll(
  runner: QueryRunner,
  dataSource: DataSource,
  kind: DbKind,
  metadatas: EntityMetadata[],
): Promise<{ steps: Step[]; refused: string[] }> {
  const refused: string[] = [];
  const steps: Step[] = [];
  const existing = await existingTables(runner, metadatas);
  for (const meta of metadatas) {
    const wanted = Table.create(meta, dataSource.driver);
    steps.push(...planTable(kind, dataSource, wanted, existing.get(meta.tablePath), refused));
  }
  return { steps, refused };
}

/** What migrateSchema would do, without doing it (a publish preview): the additive steps and the refused changes. */
export async function planSchema(
  dataSource: DataSource,
  kind: DbKind,
  metadatas: EntityMetadata[],
): Promise<{ steps: string[]; refused: string[] }> {
  const runner = dataSource.createQueryRunner();
  try {
    const { steps, refused } = await planAll(runner, dataSource, kind, metadatas);
    return { steps: steps.map((s) => s.describe), refused };
  } finally {
    await runner.release();
  }
}

/**
 * Applies one step. Two instances publishing the same screen both plan "create table" before
 * either has created it; the slower one's CREATE fails because the table now exists. A step
 * another instance has already applied is done, not an error: re-plan, and fail only if the step
 * is still wanted (publishRace.int.test.ts).
 */
async function applyOnce(step: Step, replan: () => Promise<{ steps: Step[] }>, runner: QueryRunner): Promise<void> {
  try {
    await step.apply(runner);
  } catch (e) {
    const still = (await replan()).steps.some((s) => s.describe === step.describe);
    if (still) throw e;
  }
}

/**
 * Plans every change first; applies nothing if any change is refused. Returns what was applied.
 * Idempotent: a second run (another instance reloading the same publish) finds nothing to do.
 */
export async function migrateSchema(
  dataSource: DataSource,
  kind: DbKind,
  metadatas: EntityMetadata[] = dataSource.entityMetadatas,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const { steps, refused } = await planAll(runner, dataSource, kind, metadatas);
    if (refused.length) throw new SchemaChangeRefusedError(refused);
    for (const step of steps) await applyOnce(step, () => planAll(runner, dataSource, kind, metadatas), runner);
    return steps.map((s) => s.describe);
  } finally {
    await runner.release();
  }
}
