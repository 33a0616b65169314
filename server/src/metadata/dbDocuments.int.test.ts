import { MetadataError } from '@meridian/metadata/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../resource/context';
import { startTestServer, type TestServer } from '../testing/testServer';
import { withKernel } from '../testing/metadataVariants';

/** A screen an administrator stored in base_meta_document: same JSON as a file, same validation. */
const noteEntity = {
  metaVersion: 1,
  kind: 'entity',
  name: 'srmDemoNote',
  area: 'srmServer',
  table: 'srm_demo_note',
  label: { cn: '备忘', en: 'Note' },
  primaryKey: 'noteId',
  fields: [{ name: 'noteTitle', type: 'string', length: 80, required: true, label: { cn: '标题', en: 'Title' } }],
};
const notePage = {
  metaVersion: 1,
  kind: 'page',
  path: 'demoNoteList',
  type: 'list',
  entity: 'srmDemoNote',
  title: { cn: '备忘', en: 'Notes' },
  grid: { columns: [{ key: 'noteTitle', title: { cn: '标题', en: 'Title' } }] },
  actions: [{ action: 'saveOrUpdate', resourceCode: 'btnSave', label: { cn: '保存', en: 'Save' }, placement: 'form' }],
};

/** The administrator's menu configuration for the new screen: a menu granted (with btnSave) to the SYS_ADMIN role. */
async function grantMenu(server: TestServer, htmlUrl: string): Promise<void> {
  const { registry, db, resources } = server.kernel;
  await db.transaction(async (tx) => {
    const menuId = await resources.writer.insert(
      tx,
      registry.entity('baseMenu')!,
      {
        menuCode: 'DEMO_NOTES',
        menuName: '备忘',
        menuNameEn: 'Notes',
        menuType: 'PAGE',
        htmlUrl,
        menuParentId: 0,
        enabled: 'Y',
      },
      systemContext(),
    );
    await resources.writer.insert(
      tx,
      registry.entity('baseMenuResource')!,
      { menuId, resourceCode: 'btnSave', resourceName: '保存', resourceNameEn: 'Save' },
      systemContext(),
    );
    await resources.writer.insert(tx, registry.entity('baseRoleMenu')!, { roleId: 1, menuId }, systemContext());
    await resources.writer.insert(
      tx,
      registry.entity('baseRoleResource')!,
      { roleId: 1, menuId, resourceCode: 'btnSave' },
      systemContext(),
    );
  });
}

let first: TestServer;
beforeAll(async () => {
  first = await startTestServer('db_documents');
});
afterAll(async () => {
  await first?.close();
});

async function storeDocument(server: TestServer, kind: string, name: string, doc: unknown): Promise<void> {
  const entity = server.kernel.registry.entity('baseMetaDocument')!;
  await server.kernel.db.transaction((tx) =>
    server.kernel.resources.writer.insert(
      tx,
      entity,
      { docKind: kind, docName: name, content: JSON.stringify(doc), enabledFlag: 'Y' },
      systemContext(),
    ),
  );
}

describe('metadata documents stored in the database', () => {
  // It starts a second server on the same database: on MariaDB the start-up schema check grows with the application.
  it('are loaded at start-up: their table is created and their endpoints and page work', async () => {
    await storeDocument(first, 'entity', 'srmDemoNote', noteEntity);
    await storeDocument(first, 'page', 'demoNoteList', notePage);
    await grantMenu(first, 'demoNoteList');
    const second = await startTestServer('db_documents_2', { dbUrl: first.config.dbUrl });
    try {
      const saved = await second.call('srmServer', 'srmDemoNoteRestful', 'saveOrUpdate', {
        noteTitle: 'Friday screen',
      });
      expect(saved.status).toBe(200);
      const list = await second.call('srmServer', 'srmDemoNoteRestful', 'listByPage', {});
      expect(list.body.data.map((r: { noteTitle: string }) => r.noteTitle)).toEqual(['Friday screen']);
      const page = await second.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'demoNoteList' });
      expect(page.body.data.page.entity).toBe('srmDemoNote');
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a broken stored document stops start-up with a message naming it, the pointer and the problem', async () => {
    await storeDocument(first, 'page', 'brokenPage', { ...notePage, path: 'brokenPage', entity: 'srmNoSuchThing' });
    const error = await withKernel(first.config.dbUrl, undefined, async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetadataError);
    expect((error as MetadataError).message).toMatch(
      /db:base_meta_document\/\d+ at \/entity: entity "srmNoSuchThing" does not exist/,
    );
  });
});
