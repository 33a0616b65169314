import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { grantMenu, menuId, sessionHeaders } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { REQ, REQ_TABLE, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Row scope: supplier users only ever read or write their own supplier's rows, whatever ids,
 * filters or bodies they send (IDOR); scope fields, audit fields and versionNum are never taken
 * from a body (mass assignment). docs/architecture.md "Row scope", "Mass assignment".
 */
let server: TestServer;
let supplier01: SignedIn;
let supplier02: SignedIn;
let myCompany: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer('access_rowscope');
  [supplier01, supplier02] = await Promise.all(['supplier01', 'supplier02'].map((u) => signIn(server.baseUrl, u)));
  myCompany = sessionHeaders(supplier01, 104, await menuId(server, 'SUP_MY_COMPANY'));
});
afterAll(async () => {
  await server?.close();
});

const SUPPLIERS = 'srmSlcSupplierInfoRestful';
const suppliers = () => tableRows(server, 'srm_slc_supplier_info', 'supplier_id');
const users = () => tableRows(server, 'base_users', 'user_id');
const listSuppliers = (body: Record<string, unknown>, headers = myCompany) =>
  server.call('srmServer', SUPPLIERS, 'listByPage', { pageIndex: 1, pageRows: 100, ...body }, headers);
const codes = (rows: { supplierCode: string }[]) => rows.map((r) => r.supplierCode);

describe('supplier information (a read-only menu)', () => {
  it("lists only the supplier's own company, whatever the params or filter ask for", async () => {
    const answer = await listSuppliers({});
    expect(codes(expectOk(answer))).toEqual(['S100001']);
    expect(answer.body.page).toMatchObject({ count: 1 });
    expect(expectOk(await listSuppliers({ params: { supplierCode: 'S100002' } }))).toEqual([]);
    expect(expectOk(await listSuppliers({ filter: { field: 'supplierId', op: 'eq', value: 2 } }))).toEqual([]);
    expect(
      codes(
        expectOk(
          await listSuppliers({
            filter: {
              or: [
                { field: 'supplierId', op: 'in', value: [2, 3] },
                { field: 'supplierId', op: 'notNull' },
              ],
            },
          }),
        ),
      ),
    ).toEqual(['S100001']);
    expect(codes(expectOk(await listSuppliers({}, sessionHeaders(supplier02, 104, Number(myCompany.menuId)))))).toEqual(
      ['S100002'],
    );
  });

  it('answers findById of another supplier exactly like a missing id (404)', async () => {
    expect(expectOk(await server.call('srmServer', SUPPLIERS, 'findById', { id: 1 }, myCompany))).toMatchObject({
      supplierId: 1,
      supplierCode: 'S100001',
    });
    const foreign = await server.call('srmServer', SUPPLIERS, 'findById', { id: 2 }, myCompany);
    expectError(foreign, 404);
    expect(foreign.body).toEqual(
      (await server.call('srmServer', SUPPLIERS, 'findById', { id: 987654 }, myCompany)).body,
    );
  });

  it("answers 403 to every write from this menu (it offers only btnView), on another supplier's rows and on its own, and changes nothing", async () => {
    const before = await suppliers();
    const own = expectOk(await server.call('srmServer', SUPPLIERS, 'findById', { id: 1 }, myCompany));
    for (const [action, body] of [
      ['delete', { id: 2 }],
      ['doBatchDelete', { ids: [1, 2] }],
      ['doBatchDelete', { ids: [2] }],
      ['saveOrUpdate', { supplierId: 2, versionNum: 1, supplierName: 'taken over' }],
      ['saveOrUpdate', { ...own, supplierName: 'renamed' }],
      ['doBatchSaveOrUpdate', { rows: [{ supplierId: 2, versionNum: 1, supplierName: 'x' }] }],
    ] as const) {
      expectError(await server.call('srmServer', SUPPLIERS, action, body, myCompany), 403);
    }
    expect(await suppliers()).toEqual(before);
  });
});

describe('supplier users managing users (the user menu granted to the SUPPLIER role)', () => {
  let fromUserMenu: Record<string, string>;
  beforeAll(async () => {
    await grantMenu(server, await signIn(server.baseUrl, 'admin'), 103, 'SYS_USER', [
      'btnView',
      'btnAdd',
      'btnEdit',
      'btnSave',
      'btnEnable',
      'btnDisable',
      'btnResetPassword',
    ]);
    fromUserMenu = sessionHeaders(supplier01, 104, await menuId(server, 'SYS_USER'));
  });
  const usersCall = (action: string, body: Record<string, unknown>) =>
    server.call('baseServer', 'baseUsersRestful', action, body, fromUserMenu);

  it("lists only the users of the own supplier and answers 404 to another supplier's user", async () => {
    expect(
      expectOk(await usersCall('listByPage', { pageRows: 100 })).map((u: { userName: string }) => u.userName),
    ).toEqual(['supplier01']);
    expectError(await usersCall('findById', { id: 6 }), 404);
    expectError(await usersCall('findById', { id: 1 }), 404);
  });

  it("answers 404 to writes naming another supplier's user, alone or in a batch with an own row, and changes nothing", async () => {
    const before = await users();
    const own = expectOk(await usersCall('findById', { id: 5 }));
    const foreign = (await tableRows(server, 'base_users', 'user_id', { user_id: 6 }))[0];
    expectError(
      await usersCall('saveOrUpdate', { userId: 6, versionNum: foreign.version_num, personName: 'hijacked' }),
      404,
    );
    expectError(
      await usersCall('doBatchSaveOrUpdate', {
        rows: [
          { userId: 5, versionNum: own.versionNum, personName: 'mine' },
          { userId: 6, versionNum: foreign.version_num, personName: 'hijacked' },
        ],
      }),
      404,
    );
    expectError(await usersCall('doDisable', { ids: [6] }), 404);
    expectError(await usersCall('doDisable', { ids: [5, 6] }), 404);
    expectError(await usersCall('resetPassword', { userId: 6 }), 404);
    expect(await users()).toEqual(before);
    expectOk(await server.call('baseServer', 'baseUsersRestful', 'getUserInfo', {}, sessionHeaders(supplier02)));
  });

  it('creates users of the own supplier only: supplierId, createdBy, creationDate and versionNum in the body are ignored', async () => {
    const created = expectOk(
      await usersCall('saveOrUpdate', {
        userName: 'supplier01-clerk',
        userType: 'EX',
        personName: 'Clerk',
        supplierId: 2,
        createdBy: 6,
        lastUpdatedBy: 6,
        creationDate: '2000-01-01 00:00:00',
        versionNum: 42,
      }),
    );
    const [row] = await tableRows(server, 'base_users', 'user_id', { user_id: created.userId });
    expect(row).toMatchObject({
      user_name: 'supplier01-clerk',
      supplier_id: 1,
      created_by: 5,
      last_updated_by: 5,
      version_num: 1,
    });
    expect(String(row.creation_date)).not.toMatch(/^2000/);
    const moved = expectOk(
      await usersCall('saveOrUpdate', {
        userId: created.userId,
        versionNum: 1,
        supplierId: 2,
        personName: 'Clerk Two',
        createdBy: 6,
      }),
    );
    expect(moved).toMatchObject({ supplierId: 1, personName: 'Clerk Two', createdBy: 5, versionNum: 2 });
    expect((await tableRows(server, 'base_users', 'user_id', { user_id: created.userId }))[0]).toMatchObject({
      supplier_id: 1,
      created_by: 5,
    });
  });
});

describe('mass assignment by an internal user', () => {
  it('stamps requisitions with the caller, whatever createdBy, lastUpdatedBy, versionNum or status the body carries', async () => {
    const buyer = await signIn(server.baseUrl, 'buyer01');
    const headers = sessionHeaders(buyer, 101, await menuId(server, 'PUR_REQUISITION'));
    const forged = {
      createdBy: 3,
      lastUpdatedBy: 3,
      creationDate: '2000-01-01 00:00:00',
      versionNum: 42,
      status: 'APPROVED',
    };
    const created = expectOk(await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody(forged), headers));
    const row = async () =>
      (
        await tableRows(server, REQ_TABLE, 'requisition_header_id', {
          requisition_header_id: created.requisitionHeaderId,
        })
      )[0];
    expect(await row()).toMatchObject({ created_by: 2, last_updated_by: 2, version_num: 1, status: 'DRAFT' });
    const manager = await signIn(server.baseUrl, 'manager01');
    const managerHeaders = sessionHeaders(manager, 102, await menuId(server, 'PUR_REQUISITION'));
    const updated = expectOk(
      await server.call(
        'srmServer',
        REQ,
        'saveOrUpdate',
        {
          requisitionHeaderId: created.requisitionHeaderId,
          versionNum: 1,
          description: 'edited',
          createdBy: 1,
          status: 'APPROVED',
        },
        managerHeaders,
      ),
    );
    expect(updated).toMatchObject({
      description: 'edited',
      createdBy: 2,
      lastUpdatedBy: 3,
      versionNum: 2,
      status: 'DRAFT',
    });
    expect(await row()).toMatchObject({ created_by: 2, last_updated_by: 3, version_num: 2, status: 'DRAFT' });
  });
});
