/**
 * The menu screen's "生成按钮" (issue 33, item 3): a menu's button resources created in one call
 * from what its pages declare, with their CN/EN names; a second call creates nothing; refused for
 * a menu that opens no page and without the button.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { declaredButtons } from './menuButtons';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('menuButtons');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, any>;
const menus = (action: string, body: Record<string, unknown>) =>
  server.call('baseServer', 'baseMenuRestful', action, body);

async function newMenu(code: string, menuType: 'PAGE' | 'DIR', htmlUrl?: string): Promise<number> {
  const saved = expectOk<Row>(
    await menus('saveOrUpdate', { menuCode: code, menuName: code, menuType, htmlUrl, menuParentId: 0, seqNum: 1 }),
  );
  return saved.menuId;
}

const buttonsOf = async (menuId: number) =>
  (await tableRows(server, 'base_menu_resource', 'resource_id', { menu_id: menuId })).map((r) => [
    r.resource_code,
    r.resource_name,
    r.resource_name_en,
  ]);

describe('button resources from the pages a menu opens', () => {
  it("creates each button the list, edit and detail pages and the entity's lifecycle declare, with their names", async () => {
    const menuId = await newMenu('BTN_GEN_REQ', 'PAGE', 'purchaseRequisitionList');
    const declared = declaredButtons(server.kernel.registry, 'purchaseRequisitionList');
    const answer = await menus('doCreateButtons', { id: menuId });
    const result = expectOk<{ created: string[]; existing: string[] }>(answer);
    expect(answer.body.msg).toBe(`${declared.length} buttons created, 0 already there`);
    expect(answer.body.written).toContainEqual({ area: 'baseServer', name: 'baseMenuResource' });
    expect(result).toEqual({ created: declared.map((b) => b.resourceCode), existing: [] });
    const buttons = await buttonsOf(menuId);
    expect(buttons).toHaveLength(declared.length);
    // The list's toolbar and rows, the edit page's save, the lifecycle's decisions.
    expect(buttons).toEqual(
      expect.arrayContaining([
        ['btnAdd', '新增', 'New'],
        ['btnExport', '导出', 'Export'],
        ['btnEdit', '编辑', 'Edit'],
        ['btnSave', '保存', 'Save'],
        ['btnSubmit', expect.any(String), expect.any(String)],
        ['btnApprove', expect.any(String), expect.any(String)],
      ]),
    );
    expect(buttons.every(([, cn, en]) => cn && en)).toBe(true);
  });

  it('is idempotent: a second call creates nothing, and a button the menu has keeps its name', async () => {
    const menuId = await newMenu('BTN_GEN_TWICE', 'PAGE', 'purchaseRequisitionList');
    expectOk(
      await server.call('baseServer', 'baseMenuResourceRestful', 'saveOrUpdate', {
        menuId,
        resourceCode: 'btnAdd',
        resourceName: '新建申请',
        resourceNameEn: 'New requisition',
      }),
    );
    const first = expectOk<{ created: string[]; existing: string[] }>(await menus('doCreateButtons', { id: menuId }));
    expect(first.existing).toEqual(['btnAdd']);
    const before = await buttonsOf(menuId);
    expect(before).toContainEqual(['btnAdd', '新建申请', 'New requisition']);
    const again = await menus('doCreateButtons', { id: menuId });
    expect(expectOk<{ created: string[] }>(again).created).toEqual([]);
    expect(again.body.msg).toBe(`0 buttons created, ${before.length} already there`);
    expect(await buttonsOf(menuId)).toEqual(before);
  });

  it('two calls at once create each button once', async () => {
    const menuId = await newMenu('BTN_GEN_RACE', 'PAGE', 'purchaseRequisitionList');
    const answers = await Promise.all([1, 2].map(() => menus('doCreateButtons', { id: menuId })));
    const created = answers.flatMap((a) => expectOk<{ created: string[] }>(a).created);
    const declared = declaredButtons(server.kernel.registry, 'purchaseRequisitionList');
    expect(created.sort()).toEqual(declared.map((b) => b.resourceCode).sort());
    expect(await buttonsOf(menuId)).toHaveLength(declared.length);
  });

  it('refuses a directory, a page path that opens nothing, and a missing menu, creating nothing', async () => {
    const dir = await newMenu('BTN_GEN_DIR', 'DIR');
    expectError(await menus('doCreateButtons', { id: dir }), 400, ['htmlUrl']);
    const nowhere = await newMenu('BTN_GEN_NOWHERE', 'PAGE', 'noSuchPage');
    expectError(await menus('doCreateButtons', { id: nowhere }), 400, ['htmlUrl']);
    expect([...(await buttonsOf(dir)), ...(await buttonsOf(nowhere))]).toEqual([]);
    expectError(await menus('doCreateButtons', { id: 987654 }), 404);
    expectError(await menus('doCreateButtons', { id: 'x' }), 400, ['id']);
  });

  it("is refused without the menu screen's btnCreateButtons", async () => {
    const menuId = await newMenu('BTN_GEN_DENIED', 'PAGE', 'purchaseRequisitionList');
    const { t, c } = server.kernel.auth.access.sql;
    await server.kernel.db.transaction((tx) =>
      tx.execute(`DELETE FROM ${t('baseRoleResource')} WHERE ${c('baseRoleResource', 'resourceCode')} = ?`, [
        'btnCreateButtons',
      ]),
    );
    server.kernel.auth.access.invalidate();
    expectError(await menus('doCreateButtons', { id: menuId }), 403);
    expect(await buttonsOf(menuId)).toEqual([]);
  });
});
