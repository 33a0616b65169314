import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('menuLevels');
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, any>;
const menus = (action: string, body: Record<string, unknown>) =>
  server.call('baseServer', 'baseMenuRestful', action, body);

async function menu(menuId: number): Promise<Row> {
  return expectOk<Row>(await menus('findById', { id: menuId }));
}

/** A new DIR menu under `parent`, with whatever level the caller claims. */
async function create(code: string, parent: number, levelId = 9): Promise<Row> {
  return expectOk<Row>(
    await menus('saveOrUpdate', {
      menuCode: code,
      menuName: code,
      menuType: 'DIR',
      menuParentId: parent,
      levelId,
      seqNum: 1,
    }),
  );
}

async function move(menuId: number, parent: number): Promise<ReturnType<typeof menus>> {
  const current = await menu(menuId);
  return menus('saveOrUpdate', { menuId, versionNum: current.versionNum, menuParentId: parent, levelId: 42 });
}

describe('menu levels follow the tree', () => {
  it('derives the level from the parent, whatever the caller sends', async () => {
    const top = await create('LVL_TOP', 0);
    const child = await create('LVL_CHILD', top.menuId);
    const grandChild = await create('LVL_GRANDCHILD', child.menuId, 1);
    expect([
      (await menu(top.menuId)).levelId,
      (await menu(child.menuId)).levelId,
      (await menu(grandChild.menuId)).levelId,
    ]).toEqual([1, 2, 3]);
  });

  it('moving a menu renumbers its descendants', async () => {
    const a = await create('MOVE_A', 0);
    const b = await create('MOVE_B', 0);
    const child = await create('MOVE_CHILD', b.menuId);
    const grandChild = await create('MOVE_GRANDCHILD', child.menuId);
    expectOk(await move(b.menuId, a.menuId));
    expect((await menu(b.menuId)).levelId).toBe(2);
    expect((await menu(child.menuId)).levelId).toBe(3);
    expect((await menu(grandChild.menuId)).levelId).toBe(4);
    expectOk(await move(b.menuId, 0));
    expect((await menu(grandChild.menuId)).levelId).toBe(3);
  });

  it('refuses to put a menu under itself or one of its descendants (400 on menuParentId)', async () => {
    const top = await create('CYCLE_TOP', 0);
    const child = await create('CYCLE_CHILD', top.menuId);
    expectError(await move(top.menuId, top.menuId), 400, ['menuParentId']);
    expectError(await move(top.menuId, child.menuId), 400, ['menuParentId']);
    expect((await menu(top.menuId)).menuParentId).toBe(0);
  });

  it('refuses a parent that does not exist', async () => {
    expectError(
      await menus('saveOrUpdate', { menuCode: 'ORPHAN', menuName: 'orphan', menuType: 'DIR', menuParentId: 987654 }),
      400,
      ['menuParentId'],
    );
  });
});
