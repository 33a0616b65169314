/**
 * The filter a list call carries: the grid's own condition (grid.filter, e.g. the demand pool's
 * open lines of approved requisitions) ANDed with the search's. Used by the list and its export,
 * so an export always has the rows the grid shows.
 */
import type { FilterNode, GridConfig } from '../meta';

export function listFilter(grid: GridConfig | undefined, search: FilterNode | undefined): FilterNode | undefined {
  const parts = [grid?.filter, search].filter((node): node is FilterNode => node !== undefined);
  if (parts.length < 2) return parts[0];
  return { and: parts };
}
