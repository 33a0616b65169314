import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { sessionHeaders } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Per-user grid layouts (tableConfigRestful, docs/architecture.md "Table config"): each user reads and writes only
 * their own, whatever the body says; bad input answers 400 and writes nothing.
 */
let server: TestServer;
const as: Record<string, SignedIn> = {};
beforeAll(async () => {
  server = await startTestServer('table_config');
  for (const user of ['buyer01', 'manager01']) as[user] = await signIn(server.baseUrl, user);
});
afterAll(async () => {
  await server?.close();
});

const PAGE = 'purchaseRequisitionList';
const call = (user: string, action: string, body: Record<string, unknown>) =>
  server.call('srmServer', 'tableConfigRestful', action, body, sessionHeaders(as[user]));
const stored = () => tableRows(server, 'base_table_config', 'table_config_id');
const layout = [
  { key: 'requisitionNumber', visible: true, width: 180 },
  { key: 'status', visible: false },
  { key: 'requisitionDate', visible: true },
];

describe('tableConfigRestful', () => {
  it('answers null before anything is saved, then the saved layout in its order', async () => {
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE }))).toBeNull();
    expectOk(await call('buyer01', 'createOrUpdateTableConfig', { pagePath: PAGE, columns: layout }));
    const answer = expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE }));
    expect(answer).toEqual({ pagePath: PAGE, gridName: 'main', columns: layout });
  });

  it('updates the one row of the user, page and grid instead of adding another', async () => {
    const changed = [
      { key: 'status', visible: true, width: 90 },
      { key: 'requisitionNumber', visible: true },
    ];
    expectOk(await call('buyer01', 'createOrUpdateTableConfig', { pagePath: PAGE, columns: changed }));
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE })).columns).toEqual(changed);
    const rows = (await stored()).filter((row) => row.page_path === PAGE && row.user_id === 2);
    expect(rows).toHaveLength(1);
    expect(rows[0].version_num).toBe(2);
  });

  it("never reads or overwrites another user's layout, whatever the body names", async () => {
    const buyerBefore = expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE }));
    expect(expectOk(await call('manager01', 'getTableConfig', { pagePath: PAGE, userId: 2 }))).toBeNull();
    const mine = [{ key: 'requisitionDate', visible: true }];
    expectOk(
      await call('manager01', 'createOrUpdateTableConfig', { pagePath: PAGE, userId: 2, createdBy: 2, columns: mine }),
    );
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE }))).toEqual(buyerBefore);
    expect(expectOk(await call('manager01', 'getTableConfig', { pagePath: PAGE })).columns).toEqual(mine);
    expectOk(await call('manager01', 'deleteTableConfig', { pagePath: PAGE, userId: 2 }));
    expect(expectOk(await call('manager01', 'getTableConfig', { pagePath: PAGE }))).toBeNull();
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE }))).toEqual(buyerBefore);
  });

  it('keeps grids of one page apart by gridName', async () => {
    const lines = [{ key: 'quantity', visible: true, width: 140 }];
    expectOk(await call('buyer01', 'createOrUpdateTableConfig', { pagePath: PAGE, gridName: 'lines', columns: lines }));
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE, gridName: 'lines' })).columns).toEqual(
      lines,
    );
    expect(expectOk(await call('buyer01', 'getTableConfig', { pagePath: PAGE })).columns).not.toEqual(lines);
  });

  it('refuses bad input with 400 and a field, writing nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ columns: layout }, 'pagePath'],
      [{ pagePath: 'no/such/page', columns: layout }, 'pagePath'],
      [{ pagePath: '../etc', gridName: 'a b', columns: layout }, 'pagePath'],
      [{ pagePath: PAGE, gridName: 'a b', columns: layout }, 'gridName'],
      [{ pagePath: PAGE, columns: [] }, 'columns'],
      [{ pagePath: PAGE, columns: 'status' }, 'columns'],
      [{ pagePath: PAGE, columns: [{ key: 'status', visible: 'Y' }] }, 'columns[0].visible'],
      [{ pagePath: PAGE, columns: [{ key: 'x;drop', visible: true }] }, 'columns[0].key'],
      [{ pagePath: PAGE, columns: [{ key: 'status', visible: true, width: 10 }] }, 'columns[0].width'],
      [
        {
          pagePath: PAGE,
          columns: [
            { key: 'status', visible: true },
            { key: 'status', visible: true },
          ],
        },
        'columns',
      ],
      [{ pagePath: PAGE, columns: [{ key: 'status', visible: false }] }, 'columns'],
    ];
    for (const [body, field] of cases)
      expectError(await call('buyer01', 'createOrUpdateTableConfig', body), 400, [field]);
    expectError(await call('buyer01', 'getTableConfig', { pagePath: 42 }), 400, ['pagePath']);
    expect(await stored()).toEqual(before);
  });

  it('needs a session', async () => {
    expectError(
      await server.call('srmServer', 'tableConfigRestful', 'getTableConfig', { pagePath: PAGE }, { certificate: '' }),
      401,
    );
  });
});
