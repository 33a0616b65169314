import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
import { Scheduler } from '../scheduler/scheduler';
import { startTestServer, type TestServer } from '../testing/testServer';
import { noteEntity, notePage, tableModel } from './modelingFixtures';

/**
 * A lifecycle defined in the table_model designer, published with its entity: the document the
 * designer's "New lifecycle" starts from (runtime/src/modeling/lifecycleDraft.ts, newLifecycle).
 */
const flow = {
  metaVersion: 1,
  kind: 'lifecycle',
  name: 'srmDemoNoteFlow',
  statusLookup: 'SRM_APPROVE_STATUS',
  initial: 'DRAFT',
  states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'],
  transitions: [
    {
      action: 'doSubmit',
      from: ['DRAFT', 'REJECTED'],
      to: 'SUBMITTED',
      resourceCode: 'btnSubmit',
      label: { cn: '提交', en: 'Submit' },
      effects: ['stampSubmitter'],
    },
    {
      action: 'doApprove',
      from: ['SUBMITTED'],
      to: 'APPROVED',
      resourceCode: 'btnApprove',
      label: { cn: '审批通过', en: 'Approve' },
      approval: true,
      effects: ['stampApprover'],
    },
    {
      action: 'doReject',
      from: ['SUBMITTED'],
      to: 'REJECTED',
      resourceCode: 'btnReject',
      label: { cn: '驳回', en: 'Reject' },
      approval: true,
      commentRequired: true,
      effects: ['stampApprover'],
    },
  ],
};
const noteStatus = {
  name: 'noteStatus',
  type: 'lookup',
  lookupType: 'SRM_APPROVE_STATUS',
  label: { cn: '状态', en: 'Status' },
};
const BUTTONS = ['btnSave', 'btnSubmit', 'btnApprove', 'btnReject'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('lifecycle_design');
  await grantNotes(server, [1, 102]); // SYS_ADMIN (admin) and the manager role (manager01)
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The administrator's menu for the designed screen, with its lifecycle buttons, granted to `roleIds`. */
async function grantNotes(s: TestServer, roleIds: number[]): Promise<void> {
  const { registry, db, resources } = s.kernel;
  const insert = (tx: SqlExecutor, entity: string, row: Record<string, string | number>) =>
    resources.writer.insert(tx, registry.entity(entity)!, row, systemContext());
  await db.transaction(async (tx) => {
    const menuId = await insert(tx, 'baseMenu', {
      menuCode: 'DEMO_NOTES',
      menuName: '备忘',
      menuNameEn: 'Notes',
      menuType: 'PAGE',
      htmlUrl: 'demoNoteList',
      menuParentId: 0,
      enabled: 'Y',
    });
    for (const resourceCode of BUTTONS)
      await insert(tx, 'baseMenuResource', {
        menuId,
        resourceCode,
        resourceName: resourceCode,
        resourceNameEn: resourceCode,
      });
    for (const roleId of roleIds) {
      await insert(tx, 'baseRoleMenu', { roleId, menuId });
      for (const resourceCode of BUTTONS) await insert(tx, 'baseRoleResource', { roleId, menuId, resourceCode });
    }
  });
}

const notes = async (action: string, body: object, userName = 'admin') => {
  const headers = userName === 'admin' ? {} : await server.authHeaders('srmDemoNoteRestful', userName);
  return server.call('srmServer', 'srmDemoNoteRestful', action, body, headers);
};

describe('a lifecycle designed in table_model', () => {
  it("needs the entity's status field, then publishes with it and runs: submit, no self-approval, reject with a comment, approve", async () => {
    const unbound = await tableModel(server, 'validateDraft', {
      documents: [{ content: noteEntity([noteStatus], { lifecycle: flow.name }) }, { content: flow }],
    });
    expect(unbound.body.errors).toEqual([
      { field: 'entity:srmDemoNote#/statusField', message: 'an entity with a lifecycle needs a statusField' },
    ]);
    const draft = {
      documents: [
        { content: noteEntity([noteStatus], { lifecycle: flow.name, statusField: 'noteStatus' }) },
        { content: flow },
        { content: notePage(['noteTitle', 'noteStatus']) },
      ],
    };
    const published = await tableModel(server, 'publish', draft);
    expect(published.status).toBe(200);
    expect(published.body.data.versions).toContainEqual({ kind: 'lifecycle', name: 'srmDemoNoteFlow', versionNo: 1 });

    // The status is a plain lookup field of the designed entity: only the lifecycle moves it, a save never sets it.
    const saved = await notes('saveOrUpdate', { noteTitle: 'Designed flow', noteStatus: 'APPROVED' });
    expect(saved.body.data.noteStatus).toBe('DRAFT');
    const id = saved.body.data.noteId;
    const { versionNum } = saved.body.data;
    const forged = await notes('saveOrUpdate', {
      noteId: id,
      versionNum,
      noteTitle: 'Renamed',
      noteStatus: 'APPROVED',
    });
    expect(forged.body.data).toMatchObject({ noteTitle: 'Renamed', noteStatus: 'DRAFT' });
    expect((await notes('doSubmit', { id })).body.data.noteStatus).toBe('SUBMITTED');
    expect((await notes('doApprove', { id })).status).toBe(403); // the submitter cannot decide on their own note
    expect((await notes('doReject', { id }, 'manager01')).status).toBe(400); // a reject needs a comment
    expect((await notes('doReject', { id, comment: 'Add a body' }, 'manager01')).body.data.noteStatus).toBe('REJECTED');
    await notes('doSubmit', { id });
    expect((await notes('doApprove', { id }, 'manager01')).body.data.noteStatus).toBe('APPROVED');
  });
});

/**
 * The same lifecycle given behaviour in the designer (runtime/src/modeling/TransitionBehaviour.tsx):
 * a to-do for the approvers on submit, a notification to the creator on approval, and a close seven
 * days after the note's date — published while a scheduler already runs, which picks the new timer
 * up on its next pass: it asks for the serving kernel on every pass (server/src/main.ts).
 */
const closing = {
  ...flow,
  statusLookup: 'PUR_REQUISITION_STATUS', // has CLOSED
  states: [...flow.states, 'CLOSED'],
  transitions: [
    {
      ...flow.transitions[0],
      effects: [
        'stampSubmitter',
        {
          openTodo: {
            billType: 'SLC_CHANGE_INFO',
            to: { approvers: { responsibilities: ['MANAGER_RESP'] } },
            title: { cn: '备忘 {noteTitle} 待审批', en: 'Note {noteTitle} to approve' },
            menuCode: 'DEMO_NOTES',
            link: 'demoNoteList?id={id}',
          },
        },
      ],
    },
    {
      ...flow.transitions[1],
      effects: [
        'stampApprover',
        { closeTodos: { billTypes: ['SLC_CHANGE_INFO'], as: 'handled' } },
        {
          notify: {
            to: { creator: true },
            title: { cn: '备忘 {noteTitle} 已审批', en: 'Note {noteTitle} approved' },
            content: { cn: '已审批', en: 'Approved' },
            type: 'APPROVAL',
          },
        },
      ],
    },
    flow.transitions[2],
    {
      action: 'doClose',
      from: ['APPROVED'],
      to: 'CLOSED',
      resourceCode: 'btnClose',
      label: { cn: '关闭', en: 'Close' },
      timer: {
        at: '01:00',
        due: { field: 'noteDate', offsetDays: 7 },
        comment: { cn: '到期自动关闭', en: 'Closed when due' },
      },
    },
  ],
};
const noteDate = { name: 'noteDate', type: 'date', label: { cn: '日期', en: 'Date' } };

describe('behaviour designed for the lifecycle', () => {
  it('opens the to-do, notifies the creator, and its timer runs on the scheduler already running', async () => {
    const live = server.kernel.live!;
    const scheduler = new Scheduler(() => live.fresh(), 'lifecycle-design');
    const before = await scheduler.runDue(new Date('2026-11-10T12:00:00'));
    expect(before.map((r) => r.timerName)).not.toContain('srmDemoNote.doClose');

    // What the designer picks approvers and the to-do's menu by: names from the tables, a menu made there included.
    const names = (await tableModel(server, 'listNames', {})).body.data;
    expect(names.responsibilities).toContainEqual({
      code: 'MANAGER_RESP',
      name: '采购经理',
      nameEn: 'Purchasing manager',
    });
    expect(names.menus).toContainEqual({ code: 'DEMO_NOTES', name: '备忘', nameEn: 'Notes' });

    const status = { ...noteStatus, lookupType: closing.statusLookup };
    const entity = noteEntity([status, noteDate], { lifecycle: flow.name, statusField: 'noteStatus' });
    // Its to-do's menu is one of the menu screens' rows (base_menu), looked up there: a missing one is refused on it.
    const noMenu = JSON.parse(JSON.stringify(closing)) as {
      transitions: { effects: { openTodo: { menuCode: string } }[] }[];
    };
    noMenu.transitions[0].effects[1].openTodo.menuCode = 'NO_SUCH_MENU';
    const refused = await tableModel(server, 'validateDraft', {
      documents: [
        { content: entity, baseVersion: 1 },
        { content: noMenu, baseVersion: 1 },
      ],
    });
    expect(refused.body.errors).toEqual([
      {
        field: 'lifecycle:srmDemoNoteFlow#/transitions/0/effects/1/openTodo/menuCode',
        message: 'menu "NO_SUCH_MENU" does not exist',
      },
    ]);
    const published = await tableModel(server, 'publish', {
      documents: [
        {
          content: noteEntity([status, noteDate], { lifecycle: flow.name, statusField: 'noteStatus' }),
          baseVersion: 1,
        },
        { content: closing, baseVersion: 1 },
      ],
    });
    expect(published.body.errors, JSON.stringify(published.body.errors)).toBeUndefined();
    const id = (await notes('saveOrUpdate', { noteTitle: 'Due note', noteDate: '2026-11-01' })).body.data.noteId;
    await notes('doSubmit', { id });
    const todos = () =>
      server.kernel.db.select(
        'SELECT assignee_user_id, handle_flag FROM base_todo WHERE entity_name = ? AND bill_id = ?',
        ['srmDemoNote', id],
      );
    expect(await todos()).toEqual([{ assignee_user_id: 3, handle_flag: 'N' }]); // manager01 holds MANAGER_RESP
    expect((await notes('doApprove', { id }, 'manager01')).body.data.noteStatus).toBe('APPROVED');
    expect(await todos()).toEqual([{ assignee_user_id: 3, handle_flag: 'Y' }]);
    const notified = await server.kernel.db.select(
      'SELECT recipient_user_id, notification_title FROM base_notification WHERE source_bill_id = ? AND notification_title LIKE ?',
      [id, '%Due note%'],
    );
    expect(notified).toEqual([{ recipient_user_id: 1, notification_title: '备忘 Due note 已审批' }]); // admin created it

    const ran = await scheduler.runDue(new Date('2026-11-10T12:00:00'));
    expect(ran.filter((r) => r.timerName === 'srmDemoNote.doClose')).toMatchObject([{ rowsAffected: 1 }]);
    expect((await notes('findById', { id })).body.data.noteStatus).toBe('CLOSED');
  });
});
