import { describe, expect, it } from 'vitest';
import { listPage } from '../test/fixtures';
import { actionsAt, actionsForRow, actionsForToolbar } from './pageActions';

describe('page actions', () => {
  const rowActions = actionsAt(listPage, 'row');
  const toolbar = actionsAt(listPage, 'toolbar');

  it('shows an action only when its resource is granted and showWhen passes', () => {
    const granted = new Set(['btnSubmit']);
    expect(actionsForRow(rowActions, granted, { status: 'DRAFT' }, {})).toHaveLength(1);
    expect(actionsForRow(rowActions, granted, { status: 'APPROVED' }, {})).toHaveLength(0);
    expect(actionsForRow(rowActions, new Set(), { status: 'DRAFT' }, {})).toHaveLength(0);
  });

  it('disables an action when disableWhen holds', () => {
    const action = {
      ...rowActions[0],
      showWhen: undefined,
      disableWhen: { field: 'status', op: 'eq' as const, value: 'APPROVED' },
    };
    const granted = new Set(['btnSubmit']);
    expect(actionsForRow([action], granted, { status: 'APPROVED' }, {})[0].disabled).toBe(true);
    expect(actionsForRow([action], granted, { status: 'DRAFT' }, {})[0].disabled).toBe(false);
  });

  it('toolbar: granted actions, disabled unless every selected row passes', () => {
    const granted = new Set(['btnCreate', 'btnDelete']);
    const states = actionsForToolbar(toolbar, granted, [], {});
    expect(states.map((s) => s.action.action)).toEqual(['create', 'doBatchDelete']);
    const guarded = { ...toolbar[1], showWhen: { field: 'status', op: 'eq' as const, value: 'DRAFT' } };
    expect(actionsForToolbar([guarded], granted, [{ status: 'DRAFT' }, { status: 'APPROVED' }], {})[0].disabled).toBe(
      true,
    );
    expect(actionsForToolbar([guarded], granted, [{ status: 'DRAFT' }], {})[0].disabled).toBe(false);
  });
});
