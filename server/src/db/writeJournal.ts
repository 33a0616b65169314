import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The tables a request wrote, so that its answer can name the entities that changed
 * (docs/decisions.md "Issue 32: an answer names what it wrote"): an action that opens a to-do or
 * generates a document writes more than the entity it was called on, and the runtime invalidates
 * exactly what the answer names. Every statement of our SQL executors is recorded while a journal
 * is open; a statement outside one (start-up, jobs) is not.
 */
const journal = new AsyncLocalStorage<Set<string>>();

/** INSERT INTO t, UPDATE t, DELETE FROM t (quoted or not): the table, lower-cased. */
const WRITE = /^\s*(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+[`"]?([A-Za-z0-9_]+)[`"]?/i;

export function recordWrite(sql: string): void {
  const tables = journal.getStore();
  if (!tables) return;
  const table = WRITE.exec(sql)?.[1];
  if (table) tables.add(table.toLowerCase());
}

/** Runs fn with a journal of its own; answers fn's result and the tables written meanwhile. */
export async function journaled<T>(fn: () => Promise<T>): Promise<{ result: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const result = await journal.run(tables, fn);
  return { result, tables };
}
