import type { DataSource } from 'typeorm';
import type { Row, SqlParam } from './sqlTypes';

/** Autocommit reads straight on the driver: no TypeORM query runner per call on the hot list path. */
export interface ReadConnection {
  select(sql: string, params: SqlParam[]): Promise<Row[]>;
  close(): void;
}

type SqliteStatement = { all(...params: SqlParam[]): Row[] };
type SqliteHandle = { prepare(sql: string): SqliteStatement; pragma(s: string): unknown; close(): void };

const STATEMENT_CACHE = 500;

/**
 * SQLite: a second, read-only connection. TypeORM shares one connection for everything on
 * SQLite, so reads on it would see another request's uncommitted transaction; in WAL mode a
 * separate reader sees only committed data and never waits for the writer.
 */
function sqliteReader(file: string): ReadConnection {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the native driver loads only for a SQLite database, as TypeORM loads it
  const BetterSqlite3 = require('better-sqlite3') as new (file: string, options: object) => SqliteHandle;
  const handle = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  handle.pragma('busy_timeout = 5000');
  const statements = new Map<string, SqliteStatement>();
  return {
    async select(sql, params) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = handle.prepare(sql);
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value as string);
      }
      return statement.all(...params);
    },
    close: () => handle.close(),
  };
}

type MysqlPool = { query(sql: string, params: SqlParam[], cb: (err: Error | null, rows: Row[]) => void): void };

/** MySQL: the pool TypeORM created (with dateStrings and decimal strings), queried directly. */
function mysqlReader(pool: MysqlPool): ReadConnection {
  return {
    select: (sql, params) =>
      new Promise((resolve, reject) => pool.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows)))),
    close: () => undefined,
  };
}

export function createReadConnection(dataSource: DataSource): ReadConnection {
  const driver = dataSource.driver as unknown as { pool?: MysqlPool; options: { type: string; database?: string } };
  if (driver.options.type === 'mysql' && driver.pool) return mysqlReader(driver.pool);
  const file = driver.options.database;
  if (driver.options.type === 'better-sqlite3' && file && file !== ':memory:') return sqliteReader(file);
  return { select: async (sql, params) => (await dataSource.query(sql, params)) as Row[], close: () => undefined };
}
