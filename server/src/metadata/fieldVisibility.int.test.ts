import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { documentsWith, fieldOf } from '../testing/metadataVariants';
import { createRequisition, RATE, REQ, REQ_TABLE } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Retired fields (hidden everywhere, column kept), secret fields (never returned, filtered or
 * sorted on) and filterable:false fields (returned, not filtered): metadata decides, the API obeys.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    'field_visibility',
    {},
    {
      documents: documentsWith((entity) => {
        fieldOf(entity('srmPurRequisitionHeader'), 'description').retired = true;
        fieldOf(entity('baseUsers'), 'mobile').secret = true;
        fieldOf(entity('srmBaseExchangeRate'), 'validTo').filterable = false;
      }),
    },
  );
});
afterAll(async () => {
  await server?.close();
});

const req = (action: string, body: Record<string, unknown>) => server.call('srmServer', REQ, action, body);
const users = (action: string, body: Record<string, unknown>) =>
  server.call('baseServer', 'baseUsersRestful', action, body);
const storedDescription = async (id: number) =>
  (await tableRows(server, REQ_TABLE, 'requisition_header_id', { requisition_header_id: id }))[0]?.description;

describe('a retired field', () => {
  it('keeps its column and data but is never returned', async () => {
    expect(await storedDescription(1)).toBe('11月下旬装配线五金件备料');
    expect(expectOk(await req('findById', { id: 1 }))).not.toHaveProperty('description');
    const rows = expectOk<Record<string, unknown>[]>(await req('listByPage', {}));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => 'description' in r)).toEqual([]);
  });

  it('cannot be filtered or sorted on (400 naming it)', async () => {
    expectError(await req('listByPage', { params: { description: '备料' } }), 400, ['description']);
    expectError(await req('listByPage', { filter: { field: 'description', op: 'notNull' } }), 400, ['description']);
    expectError(await req('listByPage', { orderBy: 'description asc' }), 400, ['description']);
  });

  it('is not written from a body, on create or update', async () => {
    const created = await createRequisition(server, { description: 'should be ignored' });
    expect(await storedDescription(created.requisitionHeaderId)).toBeNull();
    expectOk(await req('saveOrUpdate', { requisitionHeaderId: 1, versionNum: 1, description: 'overwrite attempt' }));
    expect(await storedDescription(1)).toBe('11月下旬装配线五金件备料');
  });

  it('is left out of the entity sent to the runtime', async () => {
    const data = expectOk(
      await server.call('baseServer', 'baseMetadataRestful', 'findPage', { path: 'purchaseRequisitionList' }),
    );
    expect(data.entities.srmPurRequisitionHeader.fields.map((f: { name: string }) => f.name)).not.toContain(
      'description',
    );
  });
});

describe('a secret field', () => {
  it('is never returned by findById or listByPage', async () => {
    const user = expectOk(await users('findById', { id: 2 }));
    expect(user).toMatchObject({ userName: 'buyer01' });
    expect(user).not.toHaveProperty('mobile');
    const rows = expectOk<Record<string, unknown>[]>(await users('listByPage', { pageRows: 100 }));
    expect(rows.filter((r) => 'mobile' in r)).toEqual([]);
  });

  it('cannot be used to probe values by filter or sort', async () => {
    expectError(await users('listByPage', { params: { mobile: '139' } }), 400, ['mobile']);
    expectError(await users('listByPage', { filter: { field: 'mobile', op: 'like', value: '1391234' } }), 400, [
      'mobile',
    ]);
    expectError(await users('listByPage', { orderBy: 'mobile' }), 400, ['mobile']);
  });
});

describe('a filterable:false field', () => {
  it('is returned but cannot be filtered or sorted on', async () => {
    expect(expectOk(await server.call('srmServer', RATE, 'findById', { id: 1 }))).toMatchObject({
      validTo: '2026-11-30',
    });
    expectError(await server.call('srmServer', RATE, 'listByPage', { params: { validTo: '2026-11-30' } }), 400, [
      'validTo',
    ]);
    expectError(await server.call('srmServer', RATE, 'listByPage', { orderBy: 'validTo desc' }), 400, ['validTo']);
  });
});
