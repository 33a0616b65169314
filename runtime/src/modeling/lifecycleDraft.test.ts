import { describe, expect, it } from 'vitest';
import type { EntityDef, LifecycleDef } from '../meta';
import { newEntity } from './entityDraft';
import { placeError } from './draftErrors';
import {
  DEFAULT_STATUS_LOOKUP,
  lifecycleDocument,
  newLifecycle,
  withLifecycle,
  pageWithStatusLookup,
  withStatusLookup,
} from './lifecycleDraft';
import { generatePages } from './pageLayout';

const note: EntityDef = newEntity('srmDemoNote', { cn: '备忘', en: 'Note' });
const withStatus: EntityDef = {
  ...note,
  fields: [
    ...note.fields,
    { name: 'noteStatus', type: 'lookup', lookupType: DEFAULT_STATUS_LOOKUP, label: { cn: '状态', en: 'Status' } },
  ],
};

describe('lifecycle drafts', () => {
  it("starts an entity's lifecycle with submit, approve and reject over the approval status lookup", () => {
    const flow = newLifecycle(note);
    expect(flow).toMatchObject({
      kind: 'lifecycle',
      metaVersion: 1,
      name: 'srmDemoNoteFlow',
      statusLookup: 'SRM_APPROVE_STATUS',
      initial: 'DRAFT',
      states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
    });
    expect(flow.transitions.map((t) => `${t.action} ${t.from.join(',')}→${t.to} ${t.resourceCode}`)).toEqual([
      'doSubmit DRAFT,REJECTED→SUBMITTED btnSubmit',
      'doApprove SUBMITTED→APPROVED btnApprove',
      'doReject SUBMITTED→REJECTED btnReject',
    ]);
    expect(flow.transitions[0]).toMatchObject({ label: { cn: '提交', en: 'Submit' }, effects: ['stampSubmitter'] }); // no self-approval
    expect(flow.transitions[0].approval).toBeUndefined();
    expect(flow.transitions[1]).toMatchObject({ approval: true });
    expect(flow.transitions[2]).toMatchObject({ approval: true, commentRequired: true });
  });

  it('points the entity at the lifecycle, with the field holding its status lookup as status field', () => {
    const flow = newLifecycle(note);
    expect(withLifecycle(withStatus, flow)).toMatchObject({ lifecycle: 'srmDemoNoteFlow', statusField: 'noteStatus' });
    expect(withLifecycle({ ...withStatus, statusField: 'title' }, flow).statusField).toBe('title');
    const without = withLifecycle(note, flow);
    expect(without).toMatchObject({ lifecycle: 'srmDemoNoteFlow', statusField: 'status' });
    expect(without.editableWhen).toEqual({
      or: [
        { field: 'status', op: 'null' },
        { field: 'status', op: 'in', value: ['DRAFT', 'REJECTED'] },
      ],
    });
    const locked = { field: 'status', op: 'eq' as const, value: 'DRAFT' };
    expect(withLifecycle({ ...note, editableWhen: locked }, flow).editableWhen).toBe(locked); // the admin's own rule stays
    expect(without.fields.at(-1)).toEqual({
      name: 'status',
      type: 'lookup',
      lookupType: 'SRM_APPROVE_STATUS',
      label: { cn: '状态', en: 'Status' },
    });
    const taken: EntityDef = {
      ...note,
      fields: [...note.fields, { name: 'status', type: 'string', label: { cn: '状', en: 'S' } }] as EntityDef['fields'],
    };
    expect(withLifecycle(taken, flow)).toMatchObject({ statusField: 'docStatus' });
  });

  it('turns form values into the document: cleared inputs, unchecked flags and removed rows left out', () => {
    const values = {
      ...newLifecycle(note),
      metaVersion: undefined,
      transitions: [
        {
          action: 'doSubmit',
          from: ['DRAFT'],
          to: 'SUBMITTED',
          resourceCode: 'btnSubmit',
          label: { cn: '', en: '' },
          approval: false,
          commentRequired: false,
          submitterOnly: false,
          effects: ['stampSubmitter'],
        },
        undefined,
        {
          action: 'doWithdraw',
          from: ['SUBMITTED'],
          to: 'DRAFT',
          resourceCode: 'btnWithdraw',
          label: { cn: '撤回', en: '' },
          submitterOnly: true,
        },
      ],
    } as unknown as Partial<LifecycleDef>;
    expect(lifecycleDocument(values).transitions).toEqual([
      { action: 'doSubmit', from: ['DRAFT'], to: 'SUBMITTED', resourceCode: 'btnSubmit', effects: ['stampSubmitter'] },
      {
        action: 'doWithdraw',
        from: ['SUBMITTED'],
        to: 'DRAFT',
        resourceCode: 'btnWithdraw',
        label: { cn: '撤回' },
        submitterOnly: true,
      },
    ]);
    expect(lifecycleDocument(values)).toMatchObject({ metaVersion: 1, kind: 'lifecycle', name: 'srmDemoNoteFlow' });
  });

  it('keeps the required lists when they are empty, so that the server names what is missing', () => {
    const doc = lifecycleDocument({ name: 'x', statusLookup: '', initial: '' });
    expect(doc).toEqual({ metaVersion: 1, kind: 'lifecycle', name: 'x', states: [], transitions: [] });
  });

  it('leaves out emptied behaviour lists and the holes of removed rows', () => {
    const submit = newLifecycle(note).transitions[0];
    const doc = lifecycleDocument({
      name: 'x',
      transitions: [{ ...submit, effects: [undefined as never], checks: [] as never }],
    });
    expect(doc.transitions[0]).not.toHaveProperty('effects');
    expect(doc.transitions[0]).not.toHaveProperty('checks');
  });

  it("moves the entity's status field onto the lifecycle's status lookup, and nothing else", () => {
    const flow = newLifecycle(note);
    const entity = withLifecycle(note, flow);
    const closing = { ...flow, statusLookup: 'PUR_REQUISITION_STATUS' };
    const moved = withStatusLookup(entity, closing)!;
    expect(moved.fields.find((f) => f.name === entity.statusField)).toMatchObject({
      lookupType: 'PUR_REQUISITION_STATUS',
    });
    expect(moved.fields.filter((f, i) => f !== entity.fields[i]).map((f) => f.name)).toEqual([entity.statusField]);
    expect(withStatusLookup(entity, flow)).toBeUndefined();
    const [list, edit] = generatePages('demoNotes', entity, []);
    const column = (page: typeof list) => page.grid!.columns.find((c) => c.key === entity.statusField);
    expect(column(list)?.lookup?.typeCode).toBe(DEFAULT_STATUS_LOOKUP);
    expect(column(pageWithStatusLookup(list, entity, closing)!)?.lookup?.typeCode).toBe('PUR_REQUISITION_STATUS');
    expect(pageWithStatusLookup(list, entity, flow)).toBeUndefined();
    expect(pageWithStatusLookup(edit, entity, closing)).toBeUndefined(); // no grid: its fields show the entity's lookup
    expect(withStatusLookup(entity, { ...closing, name: 'otherFlow' })).toBeUndefined();
  });

  it("places the server's effect and timer problems on the behaviour items that cause them", () => {
    const at = (pointer: string) =>
      placeError({ field: `lifecycle:srmDemoNoteFlow#${pointer}`, message: 'm' }, []).path;
    expect(at('/transitions/0/effects/1/openTodo/menuCode')).toEqual([
      'transitions',
      0,
      'effects',
      1,
      'openTodo',
      'menuCode',
    ]);
    expect(at('/transitions/0/effects/1/openTodo')).toEqual(['transitions', 0, 'effects', 1, 'openTodo', 'billType']);
    expect(at('/transitions/2/timer/due/field')).toEqual(['transitions', 2, 'timer', 'due', 'field']);
    expect(at('/transitions/2/timer/comment')).toEqual(['transitions', 2, 'timer', 'comment', 'cn']);
    expect(at('/transitions/2/effects/0')).toEqual(['transitions', 2, 'action']);
  });
});
