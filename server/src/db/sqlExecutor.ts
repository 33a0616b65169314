import type { DataSource, QueryRunner } from 'typeorm';
import type { Dialect } from './dialect';
import { createReadConnection, type ReadConnection } from './readConnection';
import type { Row, SqlParam } from './sqlTypes';
import { retryingDeadlocks } from './deadlockRetry';
import { recordWrite, type WriteJournal } from './writeJournal';

export type { Row, SqlParam } from './sqlTypes';

export interface WriteResult {
  affected: number;
  insertId?: number;
}

/** Runs our own parameterised SQL; one instance per transaction or one for autocommit reads. */
export interface SqlExecutor {
  dialect: Dialect;
  select(sql: string, params?: SqlParam[]): Promise<Row[]>;
  execute(sql: string, params?: SqlParam[]): Promise<WriteResult>;
}

function insertIdOf(raw: unknown): number | undefined {
  if (typeof raw === 'number' || typeof raw === 'bigint') return Number(raw);
  const id = (raw as { insertId?: number | string } | undefined)?.insertId;
  return id === undefined ? undefined : Number(id);
}

class QueryRunnerExecutor implements SqlExecutor {
  constructor(
    readonly dialect: Dialect,
    private readonly runner: QueryRunner,
    private readonly journal?: WriteJournal,
  ) {}

  async select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    const result = await this.runner.query(sql, params, true);
    return (result.records ?? []) as Row[];
  }

  async execute(sql: string, params: SqlParam[] = []): Promise<WriteResult> {
    if (this.journal) recordWrite(this.journal, sql);
    const result = await this.runner.query(sql, params, true);
    return { affected: result.affected ?? 0, insertId: insertIdOf(result.raw) };
  }
}

/**
 * Database access for the generic services: autocommit reads and explicit transactions. On SQLite
 * (one writer, and TypeORM shares a single connection) transactions are queued one at a time, so
 * two requests can never end up inside each other's transaction.
 */
export class Database {
  private readonly reader: ReadConnection;
  private writerQueue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dataSource: DataSource,
    readonly dialect: Dialect,
  ) {
    this.reader = createReadConnection(dataSource);
  }

  select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    return this.reader.select(sql, params);
  }

  /**
   * Runs fn in one transaction; any throw rolls everything back (header and lines together).
   * `deadlockAttempts`: on MariaDB/MySQL, run fn again (up to that many runs in all) when the
   * database rolled it back as a deadlock victim; only for fn whose every effect is in the
   * transaction (server/src/db/deadlockRetry.ts). `journal`: the request's write journal
   * (db/writeJournal.ts), which the transaction's statements are recorded into.
   */
  transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options: { deadlockAttempts?: number; journal?: WriteJournal } = {},
  ): Promise<T> {
    const run = () => this.runTransaction(fn, options.journal);
    if (this.dialect.kind !== 'sqlite') return retryingDeadlocks(options.deadlockAttempts ?? 1, run);
    const queued = this.writerQueue.then(run);
    this.writerQueue = queued.catch(() => undefined);
    return queued;
  }

  /**
   * This database with every transaction recording into `journal`: what a custom action is given as
   * its kernel's db, so that its writes are named in its answer. Shares the writer queue.
   */
  withJournal(journal: WriteJournal): Database {
    const journaling = Object.create(this) as Database;
    journaling.transaction = (fn, options = {}) => this.transaction(fn, { ...options, journal });
    return journaling;
  }

  private async runTransaction<T>(fn: (tx: SqlExecutor) => Promise<T>, journal?: WriteJournal): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const result = await fn(new QueryRunnerExecutor(this.dialect, runner, journal));
      await runner.commitTransaction();
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw e;
    } finally {
      await runner.release();
    }
  }

  async close(): Promise<void> {
    this.reader.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
