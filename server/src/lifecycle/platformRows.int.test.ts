import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlExecutor } from '../db/sqlExecutor';
import { startTestServer, type TestServer } from '../testing/testServer';
import { PlatformRows } from './platformRows';

/** PlatformRows.select: fields by name, equalities, IN, IS NULL, order — on the demo users and menus. */
let server: TestServer;
let rows: PlatformRows;

beforeAll(async () => {
  server = await startTestServer('platform-rows');
  rows = new PlatformRows(server.kernel.registry, server.kernel.db.dialect);
});
afterAll(() => server?.close());

const inTransaction = <T>(fn: (tx: SqlExecutor) => Promise<T>) => server.kernel.db.transaction(fn);

describe('PlatformRows.select', () => {
  it('answers rows keyed by field name, filtered by equality and IN, in the order asked', async () => {
    await inTransaction(async (tx) => {
      expect((await rows.one(tx, 'baseUsers', ['userId', 'userName'], { userName: 'admin' }))?.userName).toBe('admin');
      const both = await rows.select(
        tx,
        'baseUsers',
        ['userName'],
        { userName: ['admin', 'buyer01'] },
        { orderBy: ['-userName'] },
      );
      expect(both.map((r) => r.userName)).toEqual(['buyer01', 'admin']);
      expect(await rows.select(tx, 'baseUsers', ['userName'], { userName: [] })).toEqual([]);
    });
  });

  it('reads null as IS NULL and reads under a lock', async () => {
    await inTransaction(async (tx) => {
      const roots = await rows.select(tx, 'baseMenu', ['menuCode', 'imageLink'], { imageLink: null });
      expect(roots.length).toBeGreaterThan(0);
      expect(roots.every((r) => r.imageLink === null)).toBe(true);
      expect(
        (await rows.one(tx, 'baseUsers', ['userName'], { userName: 'admin' }, { underLock: true }))?.userName,
      ).toBe('admin');
    });
  });

  it('reads on the database outside a transaction, and one() takes the first row in the order asked', async () => {
    const names = { userName: ['admin', 'buyer01'] };
    const db = server.kernel.db;
    expect((await rows.one(db, 'baseUsers', ['userName'], names, { orderBy: ['-userName'] }))?.userName).toBe(
      'buyer01',
    );
    expect((await rows.one(db, 'baseUsers', ['userName'], names, { orderBy: ['userName'] }))?.userName).toBe('admin');
  });
});

describe('PlatformRows.update', () => {
  it('changes the rows an IN selects (none for an empty IN) and reads null as IS NULL, as select does', async () => {
    await inTransaction(async (tx) => {
      const [a, b] = (
        await rows.select(tx, 'baseMenu', ['menuCode'], { imageLink: null }, { orderBy: ['menuCode'] })
      ).map((r) => String(r.menuCode));
      expect(await rows.update(tx, 'baseMenu', { imageLink: 'x.png' }, { menuCode: [a, b] }, null)).toBe(2);
      expect(await rows.update(tx, 'baseMenu', { imageLink: 'y.png' }, { menuCode: [] }, null)).toBe(0);
      expect(await rows.update(tx, 'baseMenu', { imageLink: 'z.png' }, { menuCode: a, imageLink: null }, null)).toBe(0);
      expect(await rows.update(tx, 'baseMenu', { imageLink: null }, { imageLink: 'x.png' }, null)).toBe(2);
      expect(await rows.select(tx, 'baseMenu', ['menuCode'], { menuCode: [a, b], imageLink: null })).toHaveLength(2);
    });
  });
});

describe('PlatformRows.update', () => {
  it('updates the rows its where names (=, IN, IS NULL) with the version and audit columns, and answers their count', async () => {
    await inTransaction(async (tx) => {
      const before = await rows.select(
        tx,
        'baseMenu',
        ['menuCode', 'versionNum'],
        { imageLink: null },
        { orderBy: ['menuCode'] },
      );
      const codes = before.slice(0, 2).map((r) => String(r.menuCode));
      const where = { menuCode: [...codes, 'NO_SUCH_MENU'], imageLink: null };
      expect(await rows.update(tx, 'baseMenu', { imageLink: 'x.png' }, where, 1)).toBe(2);
      expect(await rows.update(tx, 'baseMenu', { imageLink: 'y.png' }, { menuCode: [] }, 1)).toBe(0);
      const after = await rows.select(tx, 'baseMenu', ['imageLink', 'versionNum', 'lastUpdatedBy'], {
        menuCode: codes,
      });
      expect(after.map((r) => [r.imageLink, Number(r.lastUpdatedBy)])).toEqual([
        ['x.png', 1],
        ['x.png', 1],
      ]);
      expect(after.map((r) => Number(r.versionNum)).sort()).toEqual(
        before
          .slice(0, 2)
          .map((r) => Number(r.versionNum) + 1)
          .sort(),
      );
      // Left as it was: the demo server is shared by the other cases.
      await rows.update(tx, 'baseMenu', { imageLink: null }, { menuCode: codes }, 1);
    });
  });
});

describe('PlatformRows.delete', () => {
  it('deletes the rows its where names and answers their count; no condition is refused', async () => {
    const codes = (
      await rows.select(server.kernel.db, 'baseMenu', ['menuCode'], { imageLink: null }, { orderBy: ['menuCode'] })
    )
      .slice(0, 2)
      .map((r) => String(r.menuCode));
    const rolledBack = new Error('roll back');
    await expect(
      inTransaction(async (tx) => {
        expect(await rows.delete(tx, 'baseMenu', { menuCode: [...codes, 'NO_SUCH_MENU'] })).toBe(2);
        expect(await rows.delete(tx, 'baseMenu', { menuCode: [] })).toBe(0);
        expect(await rows.select(tx, 'baseMenu', ['menuCode'], { menuCode: codes })).toEqual([]);
        await expect(rows.delete(tx, 'baseMenu', {})).rejects.toThrow('needs a condition');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    // The demo server is shared by the other cases: the transaction's rollback kept the menus.
    expect(await rows.select(server.kernel.db, 'baseMenu', ['menuCode'], { menuCode: codes })).toHaveLength(2);
  });
});
