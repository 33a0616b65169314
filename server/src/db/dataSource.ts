import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource, type DataSourceOptions, type EntitySchema } from 'typeorm';
import type { ServerConfig } from '../config';

function sqliteOptions(config: ServerConfig): DataSourceOptions {
  const file = config.dbUrl.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: file,
    enableWAL: true,
    // Writers wait for each other instead of failing with SQLITE_BUSY.
    prepareDatabase: (db: { pragma(s: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
    },
  };
}

function mysqlOptions(config: ServerConfig): DataSourceOptions {
  return {
    type: 'mysql',
    url: config.dbUrl.replace(/^mariadb:/, 'mysql:'),
    charset: 'utf8mb4_unicode_ci',
    // Dates as strings (no time-zone shifts), decimals as strings (no binary floats for money).
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    extra: { decimalNumbers: false, connectionLimit: 20 },
    poolSize: 20,
  };
}

/**
 * TypeORM DataSource over our EntitySchemas. Never `synchronize`: schema changes go through
 * SchemaMigrator. No query logging: expected failures (a duplicate key answering 409) are not
 * errors, and unexpected ones are logged once by the error envelope.
 */
export function createDataSource(config: ServerConfig, entities: EntitySchema[]): DataSource {
  const base = config.dbKind === 'sqlite' ? sqliteOptions(config) : mysqlOptions(config);
  return new DataSource({
    ...base,
    entities,
    synchronize: false,
    migrationsRun: false,
    logging: false,
  } as DataSourceOptions);
}
