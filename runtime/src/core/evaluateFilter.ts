/**
 * Filter AST evaluation on one row, for button showWhen/disableWhen (filter.schema.json).
 * The runtime uses the evaluator of @meridian/metadata, the one the server runs for lifecycle
 * guards and deletableWhen, so that a button shows exactly when the server would allow it.
 */
import { evaluateFilter as evaluateSharedFilter, type FilterVariables } from '@meridian/metadata';
import type { DataRecord, FilterNode } from '../meta';

/** Values for `$user.userId`, `$user.supplierId`, `$resp.id`: { user: {...}, resp: {...} }. */
export type FilterVars = FilterVariables;

/** True when the row satisfies the node; an absent node is always satisfied. */
export function evaluateFilter(
  node: FilterNode | null | undefined,
  row: DataRecord = {},
  vars: FilterVars = {},
): boolean {
  return evaluateSharedFilter(node ?? undefined, row, vars);
}
