/**
 * The values our own SQL takes and returns; a leaf shared by the executor (sqlExecutor.ts) and the
 * driver-level read connection (readConnection.ts), which the executor builds on.
 */
export type SqlParam = string | number | null;
export type Row = Record<string, unknown>;
