import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { requestKernel } from './liveKernel';
import {
  eventually,
  grantNoteMenu,
  noteBody,
  noteEntity,
  notePage,
  tableModel,
  tableModelHeaders,
} from './modelingFixtures';

process.env.METADATA_POLL_MS = '0'; // every request checks the revision: the second instance is never "not yet"

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer('table_model');
  b = await startTestServer('table_model_b', { dbUrl: a.config.dbUrl }); // a second instance on the same database
  await grantNoteMenu(a);
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const notes = (server: TestServer) => server.call('srmServer', 'srmDemoNoteRestful', 'listByPage', {});
const pageColumns = async (server: TestServer) =>
  (
    await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'demoNoteList' })
  ).body.data?.page.grid.columns.map((c: { key: string }) => c.key);

describe('table_model targets', () => {
  it('lists every live entity with its fields and every lifecycle, shipped or published', async () => {
    const targets = (await tableModel(a, 'listTargets', {})).body.data;
    const org = targets.entities.find((e: { name: string }) => e.name === 'baseOrganization');
    expect(org).toMatchObject({ primaryKey: 'orgId', label: { cn: expect.any(String), en: expect.any(String) } });
    expect(org.fields.map((f: { name: string }) => f.name)).toContain('orgName');
    const users = targets.entities.find((e: { name: string }) => e.name === 'baseUsers');
    expect(users.fields.map((f: { name: string }) => f.name)).not.toContain('passwordHash'); // secret fields are not offered
    expect(targets.lifecycles).toEqual(
      expect.arrayContaining([
        {
          name: 'userEnablement',
          statusLookup: 'SYS_YES_NO',
          states: ['Y', 'N'],
          transitions: [
            {
              action: 'doEnable',
              resourceCode: 'btnEnable',
              label: { cn: '启用', en: 'Enable' },
              from: ['N'],
              to: 'Y',
            },
            {
              action: 'doDisable',
              resourceCode: 'btnDisable',
              label: { cn: '停用', en: 'Disable' },
              from: ['Y'],
              to: 'N',
            },
          ],
        },
      ]),
    );
    expect((await tableModel(a, 'listTargets', {}, 'buyer01')).status).toBe(403);
  });
});

describe('table_model publish', () => {
  it('is refused (403) to users without the table_model menu, and validates with errors on the field', async () => {
    expect((await tableModel(a, 'publish', { documents: [{ content: noteEntity() }] }, 'buyer01')).status).toBe(403);
    const bad = await tableModel(a, 'validateDraft', {
      documents: [
        { content: noteEntity([{ name: 'kind', type: 'lookup', label: { cn: '类', en: 'Kind' } }]) },
        { content: notePage(['noteTitle'], { widget: 'NoSuchWidget' }) },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'entity:srmDemoNote#/fields/1', message: 'lookup field "kind" has no lookupType' },
        {
          field: 'page:demoNoteList#/widget',
          message: expect.stringMatching(
            /^widget "NoSuchWidget" is not registered; registered widgets: .*LookupSelect/,
          ),
        },
      ]),
    );
  });

  it('answers 400, not 500, to a document nested thousands of levels deep (a filter inside it; issue 13)', async () => {
    let filter = '{"field":"noteTitle","op":"notNull"}';
    for (let i = 0; i < 3000; i++) filter = `{"not":${filter}}`;
    const body = JSON.stringify({ documents: [{ content: noteEntity([], { editableWhen: 'DEEP' }) }] }).replace(
      '"DEEP"',
      filter,
    );
    for (const action of ['validateDraft', 'publish']) {
      const answer = await a.call('baseServer', 'tableModelRestful', action, body, await tableModelHeaders(a));
      expect([action, answer.status, answer.body.msg]).toEqual([
        action,
        400,
        expect.stringMatching(/nested too deeply/),
      ]);
    }
    const bundle = `{"bundle":{"format":"meridian-metadata-bundle","documents":[{"kind":"entity","name":"srmDemoNote","content":${JSON.stringify(noteEntity([], { editableWhen: 'DEEP' })).replace('"DEEP"', filter)}}]}}`;
    const imported = await a.call(
      'baseServer',
      'tableModelRestful',
      'previewImport',
      bundle,
      await tableModelHeaders(a),
    );
    expect([imported.status, imported.body.msg]).toEqual([400, expect.stringMatching(/nested too deeply/)]);
  });

  it('creates the table, and the endpoint and page are live at once here and on the second instance', async () => {
    const page = await tableModel(a, 'previewPage', {
      path: 'demoNoteList',
      documents: [{ content: noteEntity() }, { content: notePage() }],
    });
    expect(page.body.data.page.grid.columns.map((c: { key: string }) => c.key)).toEqual(['noteTitle']);
    expect(page.body.data.entities.srmDemoNote.fields.map((f: { name: string }) => f.name)).toContain('noteTitle');
    expect((await a.call('srmServer', 'srmDemoNoteRestful', 'listByPage', {})).status).toBe(404); // a preview publishes nothing
    const preview = await tableModel(a, 'previewMigration', {
      documents: [{ content: noteEntity() }, { content: notePage() }],
    });
    expect(preview.body.data.migration).toEqual(expect.arrayContaining(['create table srm_demo_note']));
    const inFlight = await requestKernel(a.kernel); // what a request that started before the publish holds
    const published = await tableModel(a, 'publish', {
      documents: [{ content: noteEntity() }, { content: notePage() }],
      comment: 'first notes screen',
    });
    expect(published.status).toBe(200);
    expect(inFlight.registry.entity('srmDemoNote')).toBeUndefined(); // it finishes on the metadata it started with
    expect((await requestKernel(a.kernel)).registry.entity('srmDemoNote')).toBeDefined();
    expect(published.body.data.versions).toEqual([
      { kind: 'entity', name: 'srmDemoNote', versionNo: 1 },
      { kind: 'page', name: 'demoNoteList', versionNo: 1 },
    ]);
    expect(
      (await a.call('srmServer', 'srmDemoNoteRestful', 'saveOrUpdate', { noteTitle: 'Friday screen' })).status,
    ).toBe(200);
    const onB = await eventually(
      () => notes(b),
      (r) => r.status === 200,
    );
    expect(onB.body.data.map((r: { noteTitle: string }) => r.noteTitle)).toEqual(['Friday screen']);
    expect(await pageColumns(b)).toEqual(['noteTitle']);
  });

  it('adds a column additively; a stale base version is a 409', async () => {
    const draft = {
      documents: [
        { content: noteEntity([noteBody]), baseVersion: 1 },
        { content: notePage(['noteTitle', 'noteBody']), baseVersion: 1 },
      ],
    };
    const published = await tableModel(a, 'publish', draft);
    expect(published.body.data.migrated).toEqual([
      'add column srm_demo_note.note_body',
      'create index ix_srm_demo_note_note_body',
    ]);
    expect((await tableModel(a, 'publish', draft)).status).toBe(409);
    const saved = await eventually(
      () =>
        b.call('srmServer', 'srmDemoNoteRestful', 'saveOrUpdate', { noteTitle: 'Second', noteBody: 'written on B' }),
      (r) => r.status === 200,
    );
    expect(saved.status).toBe(200);
    expect(await pageColumns(b)).toEqual(['noteTitle', 'noteBody']);
  });

  it('refuses destructive changes with an explanation naming the field', async () => {
    const withoutTitle = { ...noteEntity(), fields: [noteBody] };
    const removed = await tableModel(a, 'publish', {
      documents: [
        { content: withoutTitle, baseVersion: 2 },
        { content: notePage(['noteBody']), baseVersion: 2 },
      ],
    });
    expect(removed.status).toBe(400);
    expect(removed.body.errors).toEqual([
      expect.objectContaining({
        field: 'entity:srmDemoNote#/fields',
        message: expect.stringMatching(/field "noteTitle" was removed.*retire it/),
      }),
    ]);
    const shrunk = await tableModel(a, 'previewMigration', {
      documents: [{ content: noteEntity([{ ...noteBody, type: 'integer' }]), baseVersion: 2 }],
    });
    expect(shrunk.body.errors?.[0]).toMatchObject({
      field: 'entity:srmDemoNote#/fields/1',
      message: expect.stringMatching(/"noteBody" cannot be changed: its type would change from varchar\(400\) to int/),
    });
    const moved = await tableModel(a, 'publish', {
      documents: [{ content: noteEntity([noteBody], { table: 'srm_note2' }), baseVersion: 2 }],
    });
    expect(moved.body.errors?.[0].message).toMatch(/table cannot change from "srm_demo_note" to "srm_note2"/);
    const flow = JSON.parse(
      readFileSync(`${__dirname}/../../../metadata/apps/platform/lifecycles/userEnablement.json`, 'utf8'),
    );
    flow.name = 'demoNoteFlow';
    flow.transitions[0].handler = 'noSuchHandler';
    for (const action of ['validateDraft', 'previewMigration']) {
      expect((await tableModel(a, action, { documents: [{ content: flow }] })).body.errors).toEqual([
        {
          field: 'lifecycle:demoNoteFlow#/transitions/0/handler',
          message: 'handler "noSuchHandler" is not registered on the server',
        },
      ]);
    }
    const intruder = await tableModel(a, 'previewMigration', {
      documents: [{ content: { ...noteEntity(), name: 'srmUserPeek', table: 'base_users' } }],
    });
    expect(intruder.body.errors).toEqual([
      { field: 'entity:srmUserPeek#/table', message: 'table "base_users" already belongs to entity "baseUsers"' },
      {
        field: 'entity:srmUserPeek#/',
        message: expect.stringMatching(/^not an additive schema change: base_users.note_id: a new NOT NULL column/),
      },
    ]);
  });

  it('renames a field in metadata only (it keeps its column and data)', async () => {
    const renamed = {
      ...noteEntity([noteBody]),
      fields: [
        { name: 'subject', column: 'note_title', type: 'string', length: 80, label: { cn: '主题', en: 'Subject' } },
        noteBody,
      ],
    };
    const published = await tableModel(a, 'publish', {
      documents: [
        { content: renamed, baseVersion: 2 },
        { content: notePage(['subject', 'noteBody']), baseVersion: 2 },
      ],
    });
    expect(published.status).toBe(200);
    expect(published.body.data.migrated).toEqual([]);
    const list = await eventually(
      () => notes(b),
      (r) => r.body.data?.[0]?.subject !== undefined,
    );
    expect(list.body.data.map((r: { subject: string }) => r.subject).sort()).toEqual(['Friday screen', 'Second']);
  });

  it('keeps every version and rolls the page back, on both instances', async () => {
    const versions = await tableModel(a, 'listVersions', { kind: 'page', name: 'demoNoteList' });
    expect(
      versions.body.data.map((v: { versionNo: number; changeType: string }) => `${v.versionNo} ${v.changeType}`),
    ).toEqual(['3 PUBLISH', '2 PUBLISH', '1 PUBLISH']);
    expect(versions.body.data[2]).toMatchObject({ comment: 'first notes screen', createdBy: expect.any(Number) });
    const diff = await tableModel(a, 'diffVersions', { kind: 'page', name: 'demoNoteList', from: 1 });
    expect(diff.body.data.diff.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['/grid/columns[key=noteTitle]', '/grid/columns[key=subject]']),
    );
    // Version 1 names noteTitle, which is now subject: the rollback is validated like any publish.
    expect(
      (await tableModel(a, 'rollback', { kind: 'page', name: 'demoNoteList', versionNo: 1, baseVersion: 3 })).body
        .errors?.[0].field,
    ).toBe('page:demoNoteList#/grid/columns/0');
    await tableModel(a, 'publish', { documents: [{ content: notePage(['subject']), baseVersion: 3 }] });
    const rolled = await tableModel(a, 'rollback', {
      kind: 'page',
      name: 'demoNoteList',
      versionNo: 3,
      baseVersion: 4,
    });
    expect(rolled.body.data.versions).toEqual([{ kind: 'page', name: 'demoNoteList', versionNo: 5 }]);
    expect(await pageColumns(a)).toEqual(['subject', 'noteBody']);
    expect(
      (
        await eventually(
          async () => ({ status: 200, body: { data: await pageColumns(b) } as never }),
          (r) => r.body.data.length === 2,
        )
      ).body.data,
    ).toEqual(['subject', 'noteBody']);
  });
});

describe('retiring and purging a field', () => {
  it('lists references, retires (hidden, data kept), then purges only with confirmation, audited', async () => {
    const refs = await tableModel(a, 'findReferences', { entity: 'srmDemoNote', field: 'noteBody' });
    expect(refs.body.data.map((r: { kind: string; document: string }) => `${r.kind} ${r.document}`)).toEqual([
      'page page:demoNoteList',
      'menu menu:DEMO_NOTES',
    ]);
    await tableModel(a, 'publish', { documents: [{ content: notePage(['subject']), baseVersion: 5 }] });
    const retired = await tableModel(a, 'retireField', { entity: 'srmDemoNote', field: 'noteBody', baseVersion: 3 });
    expect(retired.status).toBe(200);
    const list = await eventually(
      () => notes(b),
      (r) => r.status === 200 && !('noteBody' in (r.body.data[0] ?? {})),
    );
    expect(list.body.data[0]).not.toHaveProperty('noteBody');
    // The purge is its own button: without btnPurge on the menu, 403 even for the administrator.
    const q = a.kernel.db.dialect.quote;
    const purgeGrant = `FROM ${q('base_role_resource')} WHERE ${q('resource_code')} = 'btnPurge' AND ${q('menu_id')} = (SELECT ${q('menu_id')} FROM ${q('base_menu')} WHERE ${q('menu_code')} = 'SYS_TABLE_MODEL')`;
    const [grantRow] = await a.kernel.db.select(`SELECT * ${purgeGrant}`);
    await a.kernel.db.transaction((tx) => tx.execute(`DELETE ${purgeGrant}`));
    a.kernel.auth.access.invalidate();
    expect(
      (
        await tableModel(a, 'purgeField', {
          entity: 'srmDemoNote',
          field: 'noteBody',
          baseVersion: 4,
          confirm: 'srmDemoNote.noteBody',
        })
      ).status,
    ).toBe(403);
    const columns = Object.keys(grantRow);
    await a.kernel.db.transaction((tx) =>
      tx.execute(
        `INSERT INTO ${q('base_role_resource')} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        columns.map((c) => grantRow[c] as never),
      ),
    );
    a.kernel.auth.access.invalidate();
    const unconfirmed = await tableModel(a, 'purgeField', {
      entity: 'srmDemoNote',
      field: 'noteBody',
      baseVersion: 4,
      confirm: 'yes',
    });
    expect(unconfirmed.status).toBe(400);
    const purged = await tableModel(a, 'purgeField', {
      entity: 'srmDemoNote',
      field: 'noteBody',
      baseVersion: 4,
      confirm: 'srmDemoNote.noteBody',
    });
    expect(purged.body.data).toMatchObject({ dropped: 'srm_demo_note.note_body', rowsWithValue: 1 });
    const audit = await a.kernel.db.select(
      'SELECT audit_action, field_name, rows_with_value, created_by FROM base_meta_audit',
    );
    expect(audit).toEqual([expect.objectContaining({ audit_action: 'PURGE_FIELD', field_name: 'noteBody' })]);
    expect(Number(audit[0].created_by)).toBeGreaterThan(0);
    const runner = a.kernel.db.dataSource.createQueryRunner();
    const table = await runner.getTable('srm_demo_note');
    await runner.release();
    expect(table?.columns.map((c) => c.name)).not.toContain('note_body');
    expect(table?.indices.flatMap((i) => i.columnNames)).not.toContain('note_body');
    expect(
      (
        await eventually(
          () => notes(b),
          (r) => r.status === 200,
        )
      ).status,
    ).toBe(200);
  });
});
