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
  /** A file action of this button is running (for this record): it shows loading, with the upload's percent. */
  busy?: boolean;
  percent?: number;
}

/** The file action running now: which button (actionKey), for which record, how far its upload is. */
export interface BusyAction {
  key: string;
  id: unknown;
  percent?: number;
}

/** One button of a page: its action and resource (as the button lists key them). */
export function actionKey(action: PageAction): string {
  return `${action.action}-${action.resourceCode}`;
}

/** Actions that answer a file or first take one from the user; they act on one record. */
export function isFileAction(action: PageAction): boolean {
  return action.file !== undefined || action.upload !== undefined;
}

/** The extensions an upload action's chooser offers: its accept, or .xlsx for an xlsx upload. */
export function uploadAccept(action: PageAction): string | undefined {
  return action.upload?.accept ?? (action.upload?.send === 'xlsx' ? '.xlsx' : undefined);
}

/** Whether a chosen file's name has one of the accepted extensions (".pdf,.png"); no accept takes any file. */
export function acceptsFile(accept: string | undefined, fileName: string): boolean {
  if (!accept) return true;
  const name = fileName.toLowerCase();
  return accept
    .split(',')
    .map((ext) => ext.trim().toLowerCase())
    .some((ext) => ext && name.endsWith(ext) && name.length > ext.length);
}

/**
 * The states with the running file action marked: toolbar and form buttons by their key alone
 * (`id` undefined), row buttons only on the row it runs for.
 */
export function markBusy(states: ActionState[], busy: BusyAction | undefined, id?: unknown): ActionState[] {
  if (!busy) return states;
  return states.map((state) =>
    actionKey(state.action) === busy.key && (id === undefined || String(id) === String(busy.id))
      ? { ...state, busy: true, percent: busy.percent }
      : state,
  );
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
