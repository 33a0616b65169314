import { describe, expect, it } from 'vitest';
import { listPage } from '../test/fixtures';
import {
  acceptsFile,
  actionKey,
  actionsAt,
  actionsForRow,
  actionsForToolbar,
  isFileAction,
  markBusy,
  uploadAccept,
} from './pageActions';

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

describe('file actions', () => {
  const base = { resourceCode: 'btnPrint', label: { cn: '打印', en: 'Print' } };
  const print = { ...base, action: 'exportPrintExcel', placement: 'row', file: 'download' } as const;
  const upload = { ...base, action: 'doImport', placement: 'form', upload: { send: 'xlsx' } } as const;

  it('accepts a file by its extension, case aside; no accept takes any file', () => {
    expect(acceptsFile('.pdf,.png', 'Invoice.PDF')).toBe(true);
    expect(acceptsFile('.pdf,.png', 'scan.png')).toBe(true);
    expect(acceptsFile('.pdf,.png', 'notes.txt')).toBe(false);
    expect(acceptsFile('.pdf', 'pdf')).toBe(false);
    expect(acceptsFile('.xlsx', 'lines.xls')).toBe(false);
    expect(acceptsFile(undefined, 'anything.bin')).toBe(true);
    expect(uploadAccept(upload)).toBe('.xlsx');
    expect(uploadAccept({ ...upload, upload: { send: 'attachment', accept: '.pdf' } })).toBe('.pdf');
    expect(isFileAction(print) && isFileAction(upload)).toBe(true);
    expect(isFileAction({ ...base, action: 'doSubmit', placement: 'form' })).toBe(false);
  });

  it('marks the running action busy: on its own row only, with the percent', () => {
    const states = [
      { action: print, disabled: false },
      { action: { ...print, action: 'exportInvoiceList' }, disabled: false },
    ];
    const busy = { key: actionKey(print), id: 7, percent: 30 };
    expect(markBusy(states, busy, 7).map((s) => [s.busy, s.percent])).toEqual([
      [true, 30],
      [undefined, undefined],
    ]);
    expect(markBusy(states, busy, '8').some((s) => s.busy)).toBe(false);
    expect(markBusy(states, busy)[0].busy).toBe(true);
    expect(markBusy(states, undefined, 7)).toBe(states);
  });
});
