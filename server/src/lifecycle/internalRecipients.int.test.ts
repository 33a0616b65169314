import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { internalOnly } from './internalRecipients';
import { PlatformRows } from './platformRows';

/** Recipients `"internal": true`: only existing internal users stay (the demo's buyer01; not supplier01). */
let server: TestServer;
let rows: PlatformRows;

beforeAll(async () => {
  server = await startTestServer('internal-recipients');
  rows = new PlatformRows(server.kernel.registry, server.kernel.db.dialect);
});
afterAll(() => server?.close());

describe('internalOnly', () => {
  it('keeps internal users and suppliers, drops a supplier’s user and a user that does not exist', async () => {
    await server.kernel.db.transaction(async (tx) => {
      const idOf = async (userName: string) =>
        Number((await rows.one(tx, 'baseUsers', ['userId'], { userName }))!.userId);
      const buyer = await idOf('buyer01');
      const supplierUser = await idOf('supplier01');
      const kept = await internalOnly(rows, tx, [
        { userId: buyer },
        { userId: supplierUser },
        { userId: 987654 },
        { supplierId: 1 },
      ]);
      expect(kept).toEqual([{ userId: buyer }, { supplierId: 1 }]);
      expect(await internalOnly(rows, tx, [])).toEqual([]);
    });
  });
});
