import { systemContext } from '../resource/context';
import type { ApiAnswer, TestServer } from '../testing/testServer';

/** An administrator's screen as table_model would send it: an entity, its list page, and later versions of both. */
export const noteEntity = (extraFields: object[] = [], overrides: object = {}) => ({
  metaVersion: 1,
  kind: 'entity',
  name: 'srmDemoNote',
  area: 'srmServer',
  table: 'srm_demo_note',
  label: { cn: '备忘', en: 'Note' },
  primaryKey: 'noteId',
  fields: [
    { name: 'noteTitle', type: 'string', length: 80, required: true, label: { cn: '标题', en: 'Title' } },
    ...extraFields,
  ],
  ...overrides,
});
export const noteBody = {
  name: 'noteBody',
  type: 'string',
  length: 400,
  index: true,
  label: { cn: '内容', en: 'Body' },
};
export const notePage = (columns: string[] = ['noteTitle'], overrides: object = {}) => ({
  metaVersion: 1,
  kind: 'page',
  path: 'demoNoteList',
  type: 'list',
  entity: 'srmDemoNote',
  title: { cn: '备忘', en: 'Notes' },
  grid: { columns: columns.map((key) => ({ key, title: { cn: key, en: key } })) },
  actions: [{ action: 'saveOrUpdate', resourceCode: 'btnSave', label: { cn: '保存', en: 'Save' }, placement: 'form' }],
  ...overrides,
});

/** Headers of a user calling table_model from the administrator's SYS_TABLE_MODEL menu. */
export async function tableModelHeaders(server: TestServer, userName = 'admin'): Promise<Record<string, string>> {
  const admin = await server.authHeaders('baseMetaVersionRestful');
  const own = await server.authHeaders('baseMetaVersionRestful', userName);
  return { ...own, menuId: admin.menuId };
}

export async function tableModel(
  server: TestServer,
  action: string,
  body: object,
  userName = 'admin',
): Promise<ApiAnswer> {
  return server.call('baseServer', 'tableModelRestful', action, body, await tableModelHeaders(server, userName));
}

/** The administrator's menu configuration for the new screen: a menu granted (with btnSave) to SYS_ADMIN. */
export async function grantNoteMenu(server: TestServer): Promise<void> {
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
        htmlUrl: 'demoNoteList',
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

/** Retries a call until `ok` holds: another instance notices a publish at its next revision check. */
export async function eventually(
  call: () => Promise<ApiAnswer>,
  ok: (a: ApiAnswer) => boolean,
  timeoutMs = 5000,
): Promise<ApiAnswer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call();
    if (ok(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}
