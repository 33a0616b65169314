import {
  contextVariables,
  evaluateFilter,
  type EntityDef,
  type LifecycleDef,
  type PageDef,
  type TransitionDef,
} from '@meridian/metadata';
import { describe, expect, it } from 'vitest';
import { actorConditions, withRecordGuards } from './pageLifecycle';

const entity = {
  metaVersion: 1,
  kind: 'entity',
  name: 'srmDemo',
  area: 'srmServer',
  table: 'srm_demo',
  primaryKey: 'srmDemoId',
  label: { cn: '演示', en: 'Demo' },
  fields: [{ name: 'status', type: 'string', label: { cn: '状态', en: 'Status' } }],
  editableWhen: { field: 'status', op: 'eq', value: 'DRAFT' },
  deletableWhen: { field: 'status', op: 'in', value: ['DRAFT', 'REJECTED'] },
} as EntityDef;

const page: PageDef = {
  metaVersion: 1,
  kind: 'page',
  path: 'demoList',
  type: 'list',
  entity: 'srmDemo',
  title: { cn: '演示', en: 'Demo' },
  actions: [
    { action: 'create', resourceCode: 'btnAdd', label: { cn: '新增', en: 'New' }, placement: 'toolbar' },
    {
      action: 'edit',
      resourceCode: 'btnEdit',
      label: { cn: '编辑', en: 'Edit' },
      placement: 'row',
      showWhen: { field: 'srmDemoId', op: 'notNull' },
    },
    { action: 'delete', resourceCode: 'btnDelete', label: { cn: '删除', en: 'Delete' }, placement: 'row' },
    { action: 'saveOrUpdate', resourceCode: 'btnSave', label: { cn: '保存', en: 'Save' }, placement: 'form' },
  ],
};

describe('record guards on page buttons', () => {
  it('shows edit/save only where editableWhen holds and delete only where deletableWhen holds, keeping their own showWhen', () => {
    const [create, edit, del, save] = withRecordGuards(entity, page).actions!;
    expect(create.showWhen).toBeUndefined();
    const editable = { or: [{ field: 'srmDemoId', op: 'null' }, entity.editableWhen] }; // a new record may always be saved
    expect(edit.showWhen).toEqual({ and: [{ field: 'srmDemoId', op: 'notNull' }, editable] });
    expect(del.showWhen).toEqual(entity.deletableWhen);
    expect(save.showWhen).toEqual(editable);
  });

  it('does not repeat a guard the page author already wrote', () => {
    const written = {
      ...page,
      actions: [
        {
          ...page.actions![2],
          showWhen: { and: [{ field: 'srmDemoId', op: 'notNull' as const }, entity.deletableWhen!] },
        },
      ],
    };
    expect(withRecordGuards(entity, written).actions![0].showWhen).toEqual(written.actions[0].showWhen);
    const editable = { or: [{ field: 'srmDemoId', op: 'null' as const }, entity.editableWhen!] };
    const alone = { ...page, actions: [{ ...page.actions![3], showWhen: editable }] };
    expect(withRecordGuards(entity, alone).actions![0].showWhen).toEqual(editable);
  });

  it('leaves the page as it is when the entity has no guards', () => {
    const free = { ...entity, editableWhen: undefined, deletableWhen: undefined };
    expect(withRecordGuards(free, page)).toBe(page);
  });
});

describe('actor rules of a transition on its buttons', () => {
  const stamped = {
    ...entity,
    fields: [...entity.fields, { name: 'submittedBy', type: 'integer', label: { cn: '提交人', en: 'Submitted by' } }],
  } as EntityDef;
  const lifecycle = {
    metaVersion: 1,
    kind: 'lifecycle',
    name: 'demo',
    statusLookup: 'DEMO',
    initial: 'DRAFT',
    states: ['DRAFT', 'SUBMITTED'],
    approvalRule: {
      billType: 'DEMO',
      menuCode: 'DEMO',
      billLink: 'demo?id={id}',
      title: { cn: '待审', en: 'Pending' },
      approvers: { users: ['manager01'] },
    },
    transitions: [],
  } as unknown as LifecycleDef;
  const withdraw = {
    action: 'doWithdraw',
    from: ['SUBMITTED'],
    to: 'DRAFT',
    resourceCode: 'btnWithdraw',
    submitterOnly: true,
  } as TransitionDef;
  const approve = {
    action: 'doApprove',
    from: ['SUBMITTED'],
    to: 'APPROVED',
    resourceCode: 'btnApprove',
    approval: true,
  } as TransitionDef;
  const submit = {
    action: 'doSubmit',
    from: ['DRAFT'],
    to: 'SUBMITTED',
    resourceCode: 'btnSubmit',
    approval: true,
    effects: ['stampSubmitter'],
  } as TransitionDef;
  const submittedBy7 = { status: 'SUBMITTED', submittedBy: 7 };
  const shows = (t: TransitionDef, userId: number, lc = lifecycle) =>
    evaluateFilter({ and: actorConditions(stamped, lc, t) }, submittedBy7, contextVariables({ userId }, 1));

  it('withdraw (submitterOnly) only for the user who submitted', () => {
    expect(shows(withdraw, 7)).toBe(true);
    expect(shows(withdraw, 8)).toBe(false);
  });

  it('an approval decision for everyone but the submitter, unless self-approval is allowed', () => {
    expect(shows(approve, 7)).toBe(false);
    expect(shows(approve, 8)).toBe(true);
    const selfApproval = { ...lifecycle, approvalRule: { ...lifecycle.approvalRule!, allowSelfApproval: true } };
    expect(shows(approve, 7, selfApproval)).toBe(true);
  });

  it('no rule for submit itself, nor on an entity that keeps no submitter', () => {
    expect(actorConditions(stamped, lifecycle, submit)).toEqual([]);
    expect(actorConditions(entity, lifecycle, withdraw)).toEqual([]);
  });
});
