/**
 * Which page actions (buttons) show and which are disabled (docs/architecture.md "Spec: buttons"): granted
 * resource AND showWhen on the row; disableWhen disables.
 */
import type { DataRecord, PageAction, PageDef } from '../meta';
import { evaluateFilter, type FilterVars } from './evaluateFilter';

export type Placement = PageAction['placement'];

/** Actions the client performs itself instead of calling an endpoint. */
export const CLIENT_ACTIONS = new Set(['create', 'edit', 'view', 'export', 'openPage']);

export interface ActionState {
  action: PageAction;
  disabled: boolean;
}

export function actionsAt(page: PageDef, placement: Placement): PageAction[] {
  return (page.actions ?? []).filter((action) => action.placement === placement);
}

export function isGranted(action: PageAction, granted: Set<string>): boolean {
  return granted.has(action.resourceCode);
}

/** Visible actions for one row (row and form placements). */
export function actionsForRow(
  actions: PageAction[],
  granted: Set<string>,
  row: DataRecord,
  vars: FilterVars,
): ActionState[] {
  return actions
    .filter((action) => isGranted(action, granted) && evaluateFilter(action.showWhen, row, vars))
    .map((action) => ({
      action,
      disabled: Boolean(action.disableWhen) && evaluateFilter(action.disableWhen, row, vars),
    }));
}

/**
 * Toolbar actions: shown when granted; their showWhen/disableWhen are checked against every
 * selected row, and the button is disabled unless all selected rows pass.
 */
export function actionsForToolbar(
  actions: PageAction[],
  granted: Set<string>,
  selectedRows: DataRecord[],
  vars: FilterVars,
): ActionState[] {
  return actions
    .filter((action) => isGranted(action, granted))
    .map((action) => ({
      action,
      disabled: selectedRows.some(
        (row) =>
          !evaluateFilter(action.showWhen, row, vars) ||
          (Boolean(action.disableWhen) && evaluateFilter(action.disableWhen, row, vars)),
      ),
    }));
}

/** Endpoint actions on selected rows need a selection; create/export do not. */
export function needsSelection(action: PageAction): boolean {
  return !CLIENT_ACTIONS.has(action.action) || ['edit', 'view', 'openPage'].includes(action.action);
}
