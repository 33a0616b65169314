import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../testing/authFixtures';
import { signIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';
import { GRANT_CACHE_MS } from './accessService';
import { registerPermitHooks } from './permitHooks';
import { ancestors, descendants } from './permits';

/**
 * Per-user organisation and purchase-category permits (docs/decisions.md, "Issue 13: internal
 * permits"): the demo grants, tree expansion, disabled permits, administrators by role, and the
 * cache cleared by a write through the admin screens. Runs on SQLite and, with DB_URL, MariaDB.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    'access_permits',
    {},
    {
      extend: ({ hooks }) => {
        // Until the server registers them itself (server/src/bootstrap.ts); then this throws, harmlessly.
        try {
          registerPermitHooks(hooks);
        } catch {
          /* already registered */
        }
      },
    },
  );
});
afterAll(async () => {
  await server?.close();
});

const ORG = 'baseUserOrgPermitRestful';
const CATEGORY = 'baseUserCategoryPermitRestful';
const access = () => server.kernel.auth.access;
async function permitsOf(userName: string) {
  const user = await access().userByName(userName);
  if (!user) throw new Error(`no user ${userName}`);
  return access().permits(user);
}

describe('the loader', () => {
  it('gives the demo users their permits: a plant, all, a company with its plants and departments', async () => {
    // Suzhou Plant 1 (5) with the units above it (3, 2, 1), whose documents concern it; not its sibling plant 6.
    expect(await permitsOf('buyer01')).toEqual({
      allOrgs: false,
      orgIds: [1, 2, 3, 5],
      allCategories: true,
      categoryIds: [],
    });
    expect(await permitsOf('manager01')).toEqual({ allOrgs: true, orgIds: [], allCategories: true, categoryIds: [] });
    // ME01 (2) covers its operating unit, purchasing centre, both plants and three departments (and
    // the group above it); the disabled permit for ME02 (7) counts for nothing; production materials (1) cover 2–6.
    expect(await permitsOf('qe01')).toEqual({
      allOrgs: false,
      orgIds: [1, 2, 3, 4, 5, 6, 8, 9, 10],
      allCategories: false,
      categoryIds: [1, 2, 3, 4, 5, 6],
    });
  });

  it('counts an administrator (SYS_ADMIN role in force) as unrestricted and a supplier user as permitted nothing', async () => {
    expect(await permitsOf('admin')).toEqual({ allOrgs: true, orgIds: [], allCategories: true, categoryIds: [] });
    expect(await permitsOf('supplier01')).toEqual({
      allOrgs: false,
      orgIds: [],
      allCategories: false,
      categoryIds: [],
    });
  });

  it('stops counting an administrator whose admin responsibility has ended', async () => {
    await runSql(
      server,
      "UPDATE base_user_resp SET end_date = '2026-01-02' WHERE user_id = 1 AND responsibility_id = 1",
    );
    try {
      expect(await permitsOf('admin')).toEqual({ allOrgs: false, orgIds: [], allCategories: false, categoryIds: [] });
    } finally {
      await runSql(server, 'UPDATE base_user_resp SET end_date = NULL WHERE user_id = 1 AND responsibility_id = 1');
    }
    expect((await permitsOf('admin')).allOrgs).toBe(true);
  });

  it('covers an organisation added below a permitted one', async () => {
    await runSql(
      server,
      "INSERT INTO base_organization (org_id, org_code, org_name, org_type, parent_org_id, legal_entity_flag, enabled_flag, version_num) VALUES (901, 'SZ01-W1', '一厂一车间', 'DEPT', 5, 'N', 'Y', 1)",
    );
    try {
      expect((await permitsOf('buyer01')).orgIds).toEqual([1, 2, 3, 5, 901]);
    } finally {
      await runSql(server, 'DELETE FROM base_organization WHERE org_id = 901');
    }
  });

  it('expands each root once, up and down, and survives a cycle in bad data', () => {
    const tree = new Map([
      [1, [2, 3]],
      [3, [4]],
      [4, [1]],
    ]);
    expect(descendants(tree, [3, 1])).toEqual([1, 2, 3, 4]);
    expect(descendants(tree, [9])).toEqual([9]);
    const chain = new Map([
      [1, [2]],
      [2, [3]],
      [5, [6]],
    ]);
    expect(ancestors(chain, [3]).sort()).toEqual([1, 2]);
    expect(ancestors(tree, [4]).sort()).toEqual([1, 3, 4]);
  });
});

describe('granting through the admin screens', () => {
  it('takes effect at once: the write clears the cached permits', async () => {
    expect((await permitsOf('buyer01')).orgIds).toEqual([1, 2, 3, 5]); // cached now, for GRANT_CACHE_MS
    const started = Date.now();
    const id = expectOk(
      await server.call('srmServer', ORG, 'saveOrUpdate', { userId: 2, orgId: 7, allFlag: 'N', enabledFlag: 'Y' }),
    ).permitId;
    expect((await permitsOf('buyer01')).orgIds).toEqual([1, 2, 3, 5, 7, 11]); // 7 and its operating unit 11

    const saved = expectOk(await server.call('srmServer', ORG, 'findById', { id }));
    expect(saved).toMatchObject({
      userId: 2,
      userName: 'buyer01',
      orgId: 7,
      orgName: 'Meridian Precision (Dongguan) Co., Ltd.',
    });
    expectOk(await server.call('srmServer', ORG, 'saveOrUpdate', { ...saved, enabledFlag: 'N' }));
    expect((await permitsOf('buyer01')).orgIds).toEqual([1, 2, 3, 5]);

    expectOk(
      await server.call('srmServer', CATEGORY, 'saveOrUpdate', {
        userId: 2,
        allFlag: 'N',
        categoryId: 7,
        enabledFlag: 'Y',
      }),
    );
    // The all-categories permit still wins over the new single one.
    expect(await permitsOf('buyer01')).toMatchObject({ allCategories: true, categoryIds: [] });
    expect(Date.now() - started).toBeLessThan(GRANT_CACHE_MS); // the cache did not simply expire

    expectOk(await server.call('srmServer', ORG, 'delete', { id }));
    expect((await permitsOf('buyer01')).orgIds).toEqual([1, 2, 3, 5]);
  });

  it('keeps "all" and a single target apart', async () => {
    const bad = await server.call('srmServer', ORG, 'saveOrUpdate', { userId: 4, allFlag: 'N', enabledFlag: 'Y' });
    expectError(bad, 400, ['orgId']);
    const id = expectOk(
      await server.call('srmServer', CATEGORY, 'saveOrUpdate', {
        userId: 4,
        allFlag: 'Y',
        categoryId: 8,
        enabledFlag: 'Y',
      }),
    ).permitId;
    const saved = expectOk(await server.call('srmServer', CATEGORY, 'findById', { id }));
    expect(saved).toMatchObject({ allFlag: 'Y', categoryId: null });
    expect(await permitsOf('qe01')).toMatchObject({ allCategories: true, categoryIds: [] });
    // Turning "all" off again needs a category: the stored row has none.
    expectError(
      await server.call('srmServer', CATEGORY, 'saveOrUpdate', {
        permitId: id,
        versionNum: saved.versionNum,
        allFlag: 'N',
      }),
      400,
      ['categoryId'],
    );
    expectOk(await server.call('srmServer', CATEGORY, 'delete', { id }));
    expect(await permitsOf('qe01')).toMatchObject({ allCategories: false, categoryIds: [1, 2, 3, 4, 5, 6] });
  });

  it("are administrators' screens: the buyer and a supplier user are refused", async () => {
    const menu = await menuId(server, 'SYS_USER_ORG_PERMIT');
    const buyer = await signIn(server.baseUrl, 'buyer01');
    expectError(
      await server.call(
        'srmServer',
        ORG,
        'listByPage',
        { pageIndex: 1, pageRows: 10 },
        sessionHeaders(buyer, 101, menu),
      ),
      403,
    );
    const supplier = await signIn(server.baseUrl, 'supplier01');
    expectError(
      await server.call(
        'srmServer',
        ORG,
        'listByPage',
        { pageIndex: 1, pageRows: 10 },
        sessionHeaders(supplier, 104, menu),
      ),
      403,
    );
    const rows = expectOk(await server.call('srmServer', ORG, 'listByPage', { pageIndex: 1, pageRows: 10 }));
    expect(
      rows
        .map((r: { userName: string; orgId: number | null; allFlag: string; enabledFlag: string }) => [
          r.userName,
          r.allFlag === 'Y' ? 'ALL' : r.orgId,
          r.enabledFlag,
        ])
        .sort(),
    ).toEqual([
      ['buyer01', 5, 'Y'],
      ['director01', 'ALL', 'Y'],
      ['manager01', 'ALL', 'Y'],
      ['qe01', 2, 'Y'],
      ['qe01', 7, 'N'],
    ]);
  });

  it('keeps an authorisation with its relations (lines)', async () => {
    const found = expectOk(await server.call('srmServer', 'baseUserAuthorisationRestful', 'findById', { id: 1 }));
    expect(found).toMatchObject({
      fromUserId: 3,
      fromUserName: 'Chen Jing',
      toUserId: 2,
      toUserName: 'Wang Lei',
      relations: [{ responsibilityId: 102 }],
    });
    const id = expectOk(
      await server.call('srmServer', 'baseUserAuthorisationRestful', 'saveOrUpdate', {
        fromUserId: 2,
        toUserId: 4,
        startDate: '2026-12-01',
        endDate: '2026-12-05',
        enabledFlag: 'Y',
        relations: [{ responsibilityId: 101, enabledFlag: 'Y' }],
      }),
    ).authorisationId;
    expect(expectOk(await server.call('srmServer', 'baseUserAuthorisationRestful', 'findById', { id }))).toMatchObject({
      toUserName: 'Liu Yang',
      relations: [{ responsibilityId: 101, responsibilityName: 'Buyer' }],
    });
    expectError(
      await server.call('srmServer', 'baseUserAuthorisationRestful', 'saveOrUpdate', {
        fromUserId: 2,
        enabledFlag: 'Y',
      }),
      400,
      ['toUserId', 'startDate'],
    );
  });
});
