import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource, EntitySchema, type Logger } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateSchemaAtStart } from './schemaFingerprint';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-fingerprint-'));
const opened: DataSource[] = [];

function rateSchema(extraColumn: boolean) {
  return new EntitySchema({
    name: 'rate',
    tableName: 'fp_rate',
    columns: {
      id: { type: 'integer', primary: true, generated: true },
      code: { type: 'varchar', length: 20 },
      ...(extraColumn ? { note: { type: 'varchar', length: 100, nullable: true } } : {}),
    },
  });
}

/** Every statement the data sources sent, to see whether a start read the database's shape. */
const statements: string[] = [];
const logger: Logger = {
  logQuery: (query) => void statements.push(query),
  logQueryError: () => undefined,
  logQuerySlow: () => undefined,
  logSchemaBuild: () => undefined,
  logMigration: () => undefined,
  log: () => undefined,
};
const schemaReads = () => statements.filter((q) => /sqlite_master|PRAGMA/i.test(q)).length;

async function open(file: string, extraColumn: boolean): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'better-sqlite3',
    database: file,
    entities: [rateSchema(extraColumn)],
    logging: ['query'],
    logger,
  });
  opened.push(await dataSource.initialize());
  return dataSource;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.destroy()));
});

describe('migrateSchemaAtStart', () => {
  it('plans a database once, then skips the schema read while the wanted tables stay the same', async () => {
    const file = path.join(dir, 'same.sqlite');
    expect(await migrateSchemaAtStart(await open(file, false), 'sqlite')).toEqual(['create table fp_rate']);
    const again = await open(file, false);
    statements.length = 0;
    expect(await migrateSchemaAtStart(again, 'sqlite')).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
    expect(schemaReads()).toBe(0);
  });

  it('plans again when the metadata wants another shape, and records it', async () => {
    const file = path.join(dir, 'changed.sqlite');
    await migrateSchemaAtStart(await open(file, false), 'sqlite');
    statements.length = 0;
    expect(await migrateSchemaAtStart(await open(file, true), 'sqlite')).toEqual(['add column fp_rate.note']);
    expect(schemaReads()).toBeGreaterThan(0);
    const columns = (await opened[1].query(`PRAGMA table_info(fp_rate)`)) as Array<{ name: string }>;
    expect(columns.map((c) => c.name)).toContain('note');
    const third = await open(file, true);
    statements.length = 0;
    expect(await migrateSchemaAtStart(third, 'sqlite')).toEqual([]);
    expect(schemaReads()).toBe(0);
  });
});
