/**
 * Buttons of an edit/detail page (placement form): the save button (its own resource, or a
 * default one when the page declares none — the server enforces permissions either way) and
 * the endpoint actions such as doSubmit, which need a saved record. A loaded record whose save
 * the user holds but whose state hides it (the save's showWhen, which the server ANDs with the
 * entity's editableWhen) is locked: the page shows it read-only.
 */
import { useMemo } from 'react';
import { useScreen } from '../core/DataProviderContext';
import { currentFilterVars } from '../core/filterVars';
import { actionsAt, actionsForRow, type ActionState } from '../core/pageActions';
import { useGrantedResources } from '../core/useResources';
import type { DataRecord, PageAction, PageDef } from '../meta';

export const SAVE_ACTION = 'saveOrUpdate';

export interface FormActions {
  canSave: boolean;
  saveAction?: PageAction;
  endpointActions: ActionState[];
  /** The record cannot be changed in its current state (not: the user lacks the save button). */
  locked: boolean;
  /** A loaded record whose page has a save button the user does not hold: shown read-only, as a view. */
  viewOnly: boolean;
}

export function useFormActions(page: PageDef, record: DataRecord | null, readPretty: boolean): FormActions {
  const screen = useScreen();
  const { granted, loaded } = useGrantedResources();
  const vars = useMemo(() => currentFilterVars(screen), [screen]);
  return useMemo(() => {
    const row = record ?? {};
    const formActions = actionsAt(page, 'form');
    const saveAction = formActions.find((action) => action.action === SAVE_ACTION);
    const endpoints = formActions.filter((action) => action.action !== SAVE_ACTION);
    const saveAllowed = !saveAction || actionsForRow([saveAction], granted, row, vars).some((state) => !state.disabled);
    const saveGranted =
      !saveAction ||
      actionsForRow([{ ...saveAction, showWhen: undefined, disableWhen: undefined }], granted, row, vars).length > 0;
    return {
      canSave: !readPretty && saveAllowed,
      locked: Boolean(record) && saveGranted && !saveAllowed,
      viewOnly: Boolean(record) && loaded && !saveGranted,
      saveAction,
      endpointActions: record ? actionsForRow(endpoints, granted, row, vars) : [],
    };
  }, [page, record, readPretty, granted, loaded, vars]);
}
