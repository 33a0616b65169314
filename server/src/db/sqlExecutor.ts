import type { DataSource, QueryRunner } from 'typeorm';
import type { Dialect } from './dialect';

export type SqlParam = string | number | null;
export type Row = Record<string, unknown>;

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
  constructor(readonly dialect: Dialect, private readonly runner: QueryRunner) {}

  async select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    const result = await this.runner.query(sql, params, true);
    return (result.records ?? []) as Row[];
  }

  async execute(sql: string, params: SqlParam[] = []): Promise<WriteResult> {
    const result = await this.runner.query(sql, params, true);
    return { affected: result.affected ?? 0, insertId: insertIdOf(result.raw) };
  }
}

/** Database access for the generic services: autocommit reads and explicit transactions. */
export class Database {
  constructor(readonly dataSource: DataSource, readonly dialect: Dialect) {}

  async select(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    return (await this.dataSource.query(sql, params)) as Row[];
  }

  /** Runs fn in one transaction; any throw rolls everything back (header and lines together). */
  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const result = await fn(new QueryRunnerExecutor(this.dialect, runner));
      await runner.commitTransaction();
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw e;
    } finally {
      await runner.release();
    }
  }
}
