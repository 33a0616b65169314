import { createHash } from 'node:crypto';
import { Table, type DataSource, type EntityMetadata } from 'typeorm';
import type { DbKind } from '../config';
import { migrateSchema } from './schemaMigrator';

/**
 * The schema a start last brought the database to, as a fingerprint of the tables the metadata
 * wanted then (docs/decisions.md "A start skips the schema read when the metadata is unchanged").
 * Reading the database's shape costs seconds on MariaDB (information_schema for ~175 tables, and
 * TypeORM's matching of every column against every index): measured at about 5 of a second
 * process's 9.5 s to start. A start whose wanted tables match the fingerprint has nothing to add.
 */
const TABLE = 'meridian_schema_fingerprint';
/** Bumped when what the fingerprint covers changes, so that every database is planned once again. */
const FORMAT = 1;

/** One wanted table as the migrator compares it: columns (type, size, nullability, default, key) and indices. */
function shapeOf(meta: EntityMetadata, dataSource: DataSource): unknown {
  const table = Table.create(meta, dataSource.driver);
  return [
    table.name,
    table.columns.map((c) => [c.name, c.type, c.length, c.precision, c.scale, c.isNullable, c.default, c.isPrimary]),
    table.indices.map((i) => [i.name, i.columnNames, !!i.isUnique]),
  ];
}

export function schemaFingerprint(dataSource: DataSource, kind: DbKind, metadatas: EntityMetadata[]): string {
  const shapes = metadatas
    .map((meta) => shapeOf(meta, dataSource))
    .sort((a, b) => String((a as unknown[])[0]).localeCompare(String((b as unknown[])[0])));
  return createHash('sha256')
    .update(JSON.stringify([FORMAT, kind, shapes]))
    .digest('hex');
}

async function appliedFingerprint(dataSource: DataSource): Promise<string | undefined> {
  await dataSource.query(
    `CREATE TABLE IF NOT EXISTS ${TABLE} (name varchar(32) NOT NULL PRIMARY KEY, fingerprint varchar(64) NOT NULL)`,
  );
  const rows = (await dataSource.query(`SELECT fingerprint FROM ${TABLE} WHERE name = 'entities'`)) as Array<{
    fingerprint: string;
  }>;
  return rows[0]?.fingerprint;
}

async function recordFingerprint(dataSource: DataSource, kind: DbKind, fingerprint: string): Promise<void> {
  // Two instances starting together may both record: the same value, either wins.
  const upsert =
    kind === 'mysql'
      ? `INSERT INTO ${TABLE} (name, fingerprint) VALUES ('entities', ?) ON DUPLICATE KEY UPDATE fingerprint = VALUES(fingerprint)`
      : `INSERT INTO ${TABLE} (name, fingerprint) VALUES ('entities', ?) ON CONFLICT(name) DO UPDATE SET fingerprint = excluded.fingerprint`;
  await dataSource.query(upsert, [fingerprint]);
}

/**
 * migrateSchema for a server start: skipped when the database was last brought to exactly the
 * tables the metadata wants now. Publishing a screen migrates its tables without recording: the
 * next start then plans everything once and records anew.
 */
export async function migrateSchemaAtStart(dataSource: DataSource, kind: DbKind): Promise<string[]> {
  const wanted = schemaFingerprint(dataSource, kind, dataSource.entityMetadatas);
  if ((await appliedFingerprint(dataSource)) === wanted) return [];
  const migrated = await migrateSchema(dataSource, kind);
  await recordFingerprint(dataSource, kind, wanted);
  return migrated;
}
