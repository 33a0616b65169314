/**
 * The order of a list that names none: an entity without defaultOrderBy lists newest first by
 * its creation time, rows of the same second by key, newest key first (issue 14, item 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from './context';
import { defaultOrderBy } from './queryCompiler';
import { startTestServer, type TestServer } from '../testing/testServer';

const ENTITY = 'srmSlcSupplierSupplyAbility';
/** id → creation time: 902 and 904 share a second, 903 is older than both though its key is higher than 902's. */
const CREATED: [number, string][] = [
  [901, '2026-01-01 10:00:00'],
  [902, '2026-03-01 09:30:00'],
  [903, '2026-02-01 08:00:00'],
  [904, '2026-03-01 09:30:00'],
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('defaultOrder');
  const entity = server.kernel.registry.entity(ENTITY)!;
  const { quote } = server.kernel.db.dialect;
  const col = (name: string) => quote(entity.field(name)!.column);
  for (const [id, created] of CREATED) {
    await server.kernel.db.transaction((tx) =>
      tx.execute(
        `INSERT INTO ${quote(entity.table)} (${col('supplyAbilityId')}, ${col('categoryId')}, ${col('creationDate')}, ${col('lastUpdateDate')}, ${col('versionNum')}) VALUES (?, ?, ?, ?, 1)`,
        [id, 1, created, created],
      ),
    );
  }
});
afterAll(async () => {
  await server?.close();
});

async function listedIds(orderBy?: string): Promise<number[]> {
  const entity = server.kernel.registry.entity(ENTITY)!;
  const filter = { field: 'supplyAbilityId', op: 'in' as const, value: CREATED.map(([id]) => id) };
  const { rows } = await server.kernel.resources.reader.list(
    entity,
    { params: {}, filter, pageIndex: 1, pageRows: 20, orderBy },
    systemContext(),
  );
  return rows.map((row) => Number(row.supplyAbilityId));
}

describe('default list order', () => {
  it('lists newest first by creation time, the same second by key descending', async () => {
    expect(await listedIds()).toEqual([904, 902, 903, 901]);
  });

  it("follows the order a request (a page's GridConfig.orderBy) names", async () => {
    expect(await listedIds('creationDate asc')).toEqual([901, 903, 902, 904]);
  });

  it("keeps an entity's declared defaultOrderBy, and the key where creation time may not be read", () => {
    const registry = server.kernel.registry;
    expect(defaultOrderBy(registry.entity(ENTITY)!)).toBe('creationDate desc');
    expect(defaultOrderBy(registry.entity('srmBaseExchangeRate')!)).toBe(
      registry.entity('srmBaseExchangeRate')!.def.defaultOrderBy,
    );
    expect(defaultOrderBy(registry.entity(ENTITY)!, new Set(['supplyAbilityId', 'categoryId']))).toBe(
      'supplyAbilityId desc',
    );
  });
});
