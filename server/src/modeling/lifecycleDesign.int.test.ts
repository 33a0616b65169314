import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../db/sqlExecutor';
import { systemContext } from '../resource/context';
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

    const saved = await notes('saveOrUpdate', { noteTitle: 'Designed flow' });
    expect(saved.body.data.noteStatus).toBe('DRAFT');
    const id = saved.body.data.noteId;
    expect((await notes('doSubmit', { id })).body.data.noteStatus).toBe('SUBMITTED');
    expect((await notes('doApprove', { id })).status).toBe(403); // the submitter cannot decide on their own note
    expect((await notes('doReject', { id }, 'manager01')).status).toBe(400); // a reject needs a comment
    expect((await notes('doReject', { id, comment: 'Add a body' }, 'manager01')).body.data.noteStatus).toBe('REJECTED');
    await notes('doSubmit', { id });
    expect((await notes('doApprove', { id }, 'manager01')).body.data.noteStatus).toBe('APPROVED');
  });
});
