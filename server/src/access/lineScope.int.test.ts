import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { grantMenu, menuId, sessionHeaders } from '../testing/authFixtures';
import { fileCall, PDF, upload } from '../testing/fileFixtures';
import { signIn } from '../testing/sessions';
import { REQ, requisitionBody } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * Deny by default, scope by inheritance (docs/developer-guide.md, "Row scope"): a supplier user
 * reaches a line only through a header of their own, on every read path — findById, listByPage,
 * files — and cannot read internal-only records such as people through a reference path.
 * Demo data: change 1 (supplier 2, contact line 1), change 2 (supplier 3, account line 1).
 */
let server: TestServer;
const as: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  server = await startTestServer('access_lines');
  const changeMenu = await menuId(server, 'SUP_CHANGE_INFO');
  for (const user of ['supplier01', 'supplier02', 'supplier03'])
    as[user] = sessionHeaders(await signIn(server.baseUrl, user), 104, changeMenu);
  as.companyOf01 = sessionHeaders(
    await signIn(server.baseUrl, 'supplier01'),
    104,
    await menuId(server, 'SUP_MY_COMPANY'),
  );
});
afterAll(async () => {
  await server?.close();
});

const call = (user: string, resource: string, action: string, body: Record<string, unknown>) =>
  server.call('srmServer', `${resource}Restful`, action, body, as[user]);

describe("lines inherit their header's scope", () => {
  it("answers findById of another supplier's line like a missing one (404), and the owner's like any record", async () => {
    expectError(await call('supplier01', 'srmSlcChangeAccount', 'findById', { id: 1 }), 404);
    expectError(await call('supplier02', 'srmSlcChangeAccount', 'findById', { id: 1 }), 404);
    expect(expectOk(await call('supplier03', 'srmSlcChangeAccount', 'findById', { id: 1 }))).toMatchObject({
      changeAccountId: 1,
      changeInfoId: 2,
    });
  });

  it("lists only the lines of the caller's own headers, whatever the filter asks for", async () => {
    expect(expectOk(await call('supplier01', 'srmSlcChangeContact', 'listByPage', {}))).toEqual([]);
    expect(
      expectOk(
        await call('supplier01', 'srmSlcChangeContact', 'listByPage', {
          filter: { field: 'changeInfoId', op: 'eq', value: 1 },
        }),
      ),
    ).toEqual([]);
    const own = expectOk(await call('supplier02', 'srmSlcChangeContact', 'listByPage', {}));
    expect(own.map((r: { changeContactId: number }) => r.changeContactId)).toEqual([1]);
    expect(expectOk(await call('supplier02', 'srmSlcChangeAccount', 'listByPage', {}))).toEqual([]);
  });

  it('takes a client filter on the header through a parent condition, still within the scope', async () => {
    const byHeader = (user: string, status: string) =>
      call(user, 'srmSlcChangeAccount', 'listByPage', {
        filter: { parent: { field: 'status', op: 'eq', value: status } },
      });
    expect(
      expectOk(await byHeader('supplier03', 'APPROVED')).map((r: { changeAccountId: number }) => r.changeAccountId),
    ).toEqual([1]);
    expect(expectOk(await byHeader('supplier03', 'DRAFT'))).toEqual([]);
    expect(expectOk(await byHeader('supplier02', 'APPROVED'))).toEqual([]);
  });
});

describe('files follow the scope of the record they belong to', () => {
  it("refuses an upload onto another supplier's line (404) and keeps the owner's file from other suppliers", async () => {
    const foreign = await upload(server, as.supplier02, [{ name: 'proof.pdf', bytes: PDF }], {
      functionId: 'srmSlcChangeAccount',
      businessId: '1',
    });
    expectError(foreign, 404);
    const [own] = expectOk(
      await upload(server, as.supplier03, [{ name: 'bank.pdf', bytes: PDF }], {
        functionId: 'srmSlcChangeAccount',
        businessId: '1',
      }),
    ) as { id: number }[];
    expect((await fileCall(server, as.supplier03, `v2/file/download?id=${own.id}`)).bytes.equals(PDF)).toBe(true);
    expect((await fileCall(server, as.supplier01, `v2/file/download?id=${own.id}`)).status).toBe(404);
  });
});

describe('internal-only records', () => {
  it('answers 403 to a supplier listing people through a reference path of their own menu', async () => {
    expectError(await server.call('baseServer', 'basePersonRestful', 'listByPage', {}, as.companyOf01), 403);
    expectError(await server.call('baseServer', 'basePersonRestful', 'findById', { id: 1 }, as.companyOf01), 403);
  });

  it("still shows the person's name as the label on the supplier's own record", async () => {
    const own = expectOk(
      await server.call('srmServer', 'srmSlcSupplierInfoRestful', 'findById', { id: 1 }, as.companyOf01),
    );
    expect(own).toMatchObject({ supplierId: 1 });
  });
});

describe('internal users are limited by their organisation permits', () => {
  // buyer01 is permitted for 苏州一厂 (plant 5) only; requisition 3 is for 苏州二厂 (plant 6), its lines 6 and 7.
  let buyer: Record<string, string>;
  let manager: Record<string, string>;
  beforeAll(async () => {
    const menu = await menuId(server, 'PUR_REQUISITION');
    buyer = sessionHeaders(await signIn(server.baseUrl, 'buyer01'), 101, menu);
    manager = sessionHeaders(await signIn(server.baseUrl, 'manager01'), 102, menu);
  });
  const ids = (rows: { requisitionHeaderId: number }[]) => rows.map((r) => r.requisitionHeaderId).sort();

  it('lists and opens only documents of permitted organisations; the lines follow their header', async () => {
    expect(ids(expectOk(await server.call('srmServer', REQ, 'listByPage', { pageRows: 100 }, buyer)))).toEqual([1, 2]);
    expect(ids(expectOk(await server.call('srmServer', REQ, 'listByPage', { pageRows: 100 }, manager)))).toEqual([
      1, 2, 3,
    ]);
    expectError(await server.call('srmServer', REQ, 'findById', { id: 3 }, buyer), 404);
    expectError(await server.call('srmServer', 'srmPurRequisitionLineRestful', 'findById', { id: 6 }, buyer), 404);
    expect(
      expectOk(await server.call('srmServer', 'srmPurRequisitionLineRestful', 'findById', { id: 3 }, buyer)),
    ).toMatchObject({ requisitionHeaderId: 2 });
  });

  it('refuses to save a document for an organisation the user is not permitted (403), and saves nothing', async () => {
    const before = expectOk(await server.call('srmServer', REQ, 'listByPage', { pageRows: 100 }, manager)).length;
    expectError(await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody({ invOrgId: 6 }), buyer), 403);
    expect(expectOk(await server.call('srmServer', REQ, 'listByPage', { pageRows: 100 }, manager)).length).toBe(before);
    expectOk(await server.call('srmServer', REQ, 'saveOrUpdate', requisitionBody({ invOrgId: 5 }), buyer));
  });
});

describe('reference pickers', () => {
  it('return only what a picker needs of a record the menu merely references (value and label, not mobile or e-mail)', async () => {
    const admin = await signIn(server.baseUrl, 'admin');
    const userMenu = sessionHeaders(admin, 1, await menuId(server, 'SYS_USER'));
    const [person] = expectOk(
      await server.call('baseServer', 'basePersonRestful', 'listByPage', { pageRows: 1 }, userMenu),
    );
    // The person's number is their code: a picker searches by it as by the name (issue 33, item 12).
    expect(Object.keys(person).sort()).toEqual(
      ['personId', 'personName', 'personNameEn', 'personNumber'].filter((k) => k in person).sort(),
    );
    const byNumber = expectOk(
      await server.call(
        'baseServer',
        'basePersonRestful',
        'listByPage',
        { filter: { field: 'personNumber', op: 'eq', value: person.personNumber } },
        userMenu,
      ),
    );
    expect(byNumber.map((p: Record<string, unknown>) => p.personId)).toEqual([person.personId]);
    expectError(
      await server.call(
        'baseServer',
        'basePersonRestful',
        'listByPage',
        { filter: { field: 'mobile', op: 'like', value: '138' } },
        userMenu,
      ),
      400,
    );
    expectError(
      await server.call('baseServer', 'basePersonRestful', 'listByPage', { orderBy: 'email asc' }, userMenu),
      400,
    );
    expect(
      Object.keys(
        expectOk(await server.call('baseServer', 'basePersonRestful', 'findById', { id: person.personId }, userMenu)),
      ).sort(),
    ).toEqual(Object.keys(person).sort());
  });
});

describe('references a save names', () => {
  it('must be rows the caller may read: a supplier cannot point its user at an internal person (and read the name back)', async () => {
    const admin = await signIn(server.baseUrl, 'admin');
    await grantMenu(server, admin, 103, 'SYS_USER', ['btnView', 'btnEdit', 'btnSave']);
    const userMenu = sessionHeaders(await signIn(server.baseUrl, 'supplier01'), 104, await menuId(server, 'SYS_USER'));
    const own = expectOk(await server.call('baseServer', 'baseUsersRestful', 'findById', { id: 5 }, userMenu));
    const probe = await server.call(
      'baseServer',
      'baseUsersRestful',
      'saveOrUpdate',
      { userId: 5, versionNum: own.versionNum, personId: 101 },
      userMenu,
    );
    expectError(probe, 400, ['personId']);
    const saved = expectOk(
      await server.call(
        'baseServer',
        'baseUsersRestful',
        'saveOrUpdate',
        { userId: 5, versionNum: own.versionNum, personName: 'Li Na' },
        userMenu,
      ),
    );
    expect(saved).toMatchObject({ personName: 'Li Na', supplierId: 1 });
  });
});
