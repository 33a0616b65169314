/**
 * The tables a request wrote, so that its answer can name the entities that changed
 * (docs/decisions.md "Issue 32: an answer names what it wrote"): an action that opens a to-do or
 * generates a document writes more than the entity it was called on, and the runtime invalidates
 * exactly what the answer names. The journal travels explicitly (ResourceContext.journal, and
 * Database.transaction's `journal` option, which the transaction's executor records into), not
 * through AsyncLocalStorage: on Node 20 an enabled AsyncLocalStorage makes every await of the
 * process about 2.6 times as slow (measured: 2 million awaits 321 → 849 ms).
 */
export type WriteJournal = Set<string>;

/** INSERT INTO t, UPDATE t, DELETE FROM t (quoted or not): the table, lower-cased. */
const WRITE = /^\s*(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+[`"]?([A-Za-z0-9_]+)[`"]?/i;

/** The table a statement writes, if it writes one. */
export function tableWritten(sql: string): string | undefined {
  return WRITE.exec(sql)?.[1]?.toLowerCase();
}

/** Adds the statement's table to the journal (reads add nothing). */
export function recordWrite(journal: WriteJournal, sql: string): void {
  const table = tableWritten(sql);
  if (table) journal.add(table);
}
