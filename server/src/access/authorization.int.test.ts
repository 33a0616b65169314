import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { menuId, sessionHeaders, setMenuEnabled } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { LINE_TABLE, RATE, RATE_TABLE, rateBody, REQ, REQ_TABLE } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/**
 * The permission chain on every call: session → respId held → menuId granted → page uses the entity → button
 * resource (docs/architecture.md "Authorization chain").
 */
let server: TestServer;
let admin: SignedIn;
let buyer: SignedIn;
let manager: SignedIn;
const menus: Record<string, number> = {};
beforeAll(async () => {
  server = await startTestServer('access_authz');
  [admin, buyer, manager] = await Promise.all(['admin', 'buyer01', 'manager01'].map((u) => signIn(server.baseUrl, u)));
  for (const code of ['PUR_REQUISITION', 'PUR_REQUISITION_EDIT', 'BASE_EXCHANGE_RATE', 'SYS_USER', 'SUP_MY_COMPANY'])
    menus[code] = await menuId(server, code);
});
afterAll(async () => {
  await server?.close();
});

const ADMIN_RESP = 1;
const BUYER_RESP = 101;
const MANAGER_RESP = 102;
const as = (session: SignedIn, respId: number | undefined, menu: string | undefined) =>
  sessionHeaders(session, respId, menu ? menus[menu] : undefined);
const srm = (resource: string, action: string, body: Record<string, unknown>, headers: Record<string, string>) =>
  server.call('srmServer', resource, action, body, headers);
const everything = async () => ({
  headers: await tableRows(server, REQ_TABLE, 'requisition_header_id'),
  lines: await tableRows(server, LINE_TABLE, 'requisition_line_id'),
  rates: await tableRows(server, RATE_TABLE, 'exchange_rate_id'),
  suppliers: await tableRows(server, 'srm_slc_supplier_info', 'supplier_id'),
  users: await tableRows(server, 'base_users', 'user_id'),
});

describe('button resources', () => {
  it('answers 403 to buyer01 approving or rejecting the SUBMITTED requisition 2 from either requisition menu, and changes nothing; manager01 approves it', async () => {
    const before = await everything();
    for (const menu of ['PUR_REQUISITION', 'PUR_REQUISITION_EDIT']) {
      for (const action of ['doApprove', 'doReject']) {
        const answer = await srm(REQ, action, { id: 2 }, as(buyer, BUYER_RESP, menu));
        expectError(answer, 403);
        expect(answer.body.msg).toMatch(/btnApprove|btnReject/);
      }
    }
    expect(await everything()).toEqual(before);
    const approved = expectOk(await srm(REQ, 'doApprove', { id: 2 }, as(manager, MANAGER_RESP, 'PUR_REQUISITION')));
    expect(approved).toMatchObject({ requisitionHeaderId: 2, status: 'APPROVED', lastUpdatedBy: 3 });
    expect((await tableRows(server, REQ_TABLE, 'requisition_header_id', { requisition_header_id: 2 }))[0].status).toBe(
      'APPROVED',
    );
  });

  it('answers 403 to a write whose button the responsibility lacks (buyer01 saving an exchange rate: only btnExport) while reading works', async () => {
    const before = await everything();
    expectOk(
      await srm(RATE, 'listByPage', { pageIndex: 1, pageRows: 20 }, as(buyer, BUYER_RESP, 'BASE_EXCHANGE_RATE')),
    );
    expectError(await srm(RATE, 'saveOrUpdate', rateBody(), as(buyer, BUYER_RESP, 'BASE_EXCHANGE_RATE')), 403);
    expectError(await srm(RATE, 'doBatchDelete', { ids: [12] }, as(buyer, BUYER_RESP, 'BASE_EXCHANGE_RATE')), 403);
    expect(await everything()).toEqual(before);
  });
});

describe('responsibility and menu', () => {
  it('answers 403 to a respId the user does not hold, or none', async () => {
    const before = await everything();
    for (const respId of [MANAGER_RESP, ADMIN_RESP, 999999, undefined]) {
      expectError(await srm(REQ, 'listByPage', {}, as(buyer, respId, 'PUR_REQUISITION')), 403);
      expectError(await srm(REQ, 'doApprove', { id: 2 }, as(buyer, respId, 'PUR_REQUISITION')), 403);
    }
    expectOk(await srm(REQ, 'listByPage', {}, as(buyer, BUYER_RESP, 'PUR_REQUISITION')));
    expect(await everything()).toEqual(before);
  });

  it('answers 403 to a menuId not granted to the responsibility, or none', async () => {
    expectError(
      await server.call('baseServer', 'baseUsersRestful', 'listByPage', {}, as(buyer, BUYER_RESP, 'SYS_USER')),
      403,
    );
    expectError(await srm('srmSlcSupplierInfoRestful', 'listByPage', {}, as(buyer, BUYER_RESP, 'SUP_MY_COMPANY')), 403);
    expectError(await srm(REQ, 'listByPage', {}, { ...as(buyer, BUYER_RESP, undefined), menuId: '987654' }), 403);
    expectError(await srm(REQ, 'listByPage', {}, as(buyer, BUYER_RESP, undefined)), 403);
  });

  it('answers 403 from a menu an administrator has disabled, at once', async () => {
    expectOk(await srm(RATE, 'listByPage', {}, as(admin, ADMIN_RESP, 'BASE_EXCHANGE_RATE')));
    await setMenuEnabled(server, admin, 'BASE_EXCHANGE_RATE', 'N');
    try {
      expectError(await srm(RATE, 'listByPage', {}, as(admin, ADMIN_RESP, 'BASE_EXCHANGE_RATE')), 403);
      expectError(await srm(RATE, 'listByPage', {}, as(buyer, BUYER_RESP, 'BASE_EXCHANGE_RATE')), 403);
    } finally {
      await setMenuEnabled(server, admin, 'BASE_EXCHANGE_RATE', 'Y');
    }
    expectOk(await srm(RATE, 'listByPage', {}, as(admin, ADMIN_RESP, 'BASE_EXCHANGE_RATE')));
  });

  it("answers 403 when the menu's pages do not use the entity (requisitions from the exchange-rate menu)", async () => {
    expectError(await srm(REQ, 'listByPage', {}, as(buyer, BUYER_RESP, 'BASE_EXCHANGE_RATE')), 403);
    expectError(await srm(REQ, 'findById', { id: 1 }, as(admin, ADMIN_RESP, 'BASE_EXCHANGE_RATE')), 403);
    expectError(await srm(RATE, 'listByPage', {}, as(admin, ADMIN_RESP, 'PUR_REQUISITION')), 403);
  });

  it('lets a menu read an entity its pages only reference, but answers 403 to every write on it', async () => {
    const before = await everything();
    const headers = as(admin, ADMIN_RESP, 'PUR_REQUISITION');
    const supplier = expectOk(await srm('srmSlcSupplierInfoRestful', 'findById', { id: 1 }, headers));
    expectError(
      await srm(
        'srmSlcSupplierInfoRestful',
        'saveOrUpdate',
        { supplierId: 1, versionNum: supplier.versionNum, supplierName: 'renamed' },
        headers,
      ),
      403,
    );
    expectError(await srm('srmSlcSupplierInfoRestful', 'delete', { id: 1 }, headers), 403);
    expectError(await server.call('baseServer', 'baseUsersRestful', 'doDisable', { id: 2 }, headers), 403);
    expectError(await server.call('baseServer', 'baseUsersRestful', 'resetPassword', { userId: 2 }, headers), 403);
    expect(await everything()).toEqual(before);
  });
});

describe('empty id lists', () => {
  it.each([
    [REQ, 'doBatchDelete', { ids: [] }],
    [REQ, 'doBatchDelete', {}],
    [REQ, 'doBatchSaveOrUpdate', { rows: [] }],
    [REQ, 'doBatchSaveOrUpdate', {}],
    [REQ, 'doSubmit', { ids: [] }],
    [REQ, 'doCancel', { ids: [] }],
    [RATE, 'doBatchDelete', { ids: [] }],
    [RATE, 'doBatchSaveOrUpdate', { rows: [] }],
    [RATE, 'doEnable', { ids: [] }],
  ])('%s %s %j answers 400 and changes nothing', async (resource, action, body) => {
    const before = await everything();
    expectError(
      await srm(
        resource,
        action,
        body,
        as(admin, ADMIN_RESP, resource === RATE ? 'BASE_EXCHANGE_RATE' : 'PUR_REQUISITION'),
      ),
      400,
    );
    expect(await everything()).toEqual(before);
  });
});

describe('explain', () => {
  const explain = (body: Record<string, unknown>, headers = as(admin, ADMIN_RESP, 'SYS_USER')) =>
    server.call('baseServer', 'baseAccessRestful', 'explain', body, headers);
  const links = (data: { chain: { link: string; ok: boolean }[] }) => data.chain.map((l) => [l.link, l.ok]);

  it('shows every link for buyer01 + requisition menu + btnApprove, the button link failing', async () => {
    const data = expectOk(
      await explain({
        userName: 'buyer01',
        respId: BUYER_RESP,
        menuId: menus.PUR_REQUISITION,
        resourceCode: 'btnApprove',
      }),
    );
    expect(data.allowed).toBe(false);
    expect(links(data)).toEqual([
      ['user', true],
      ['responsibility', true],
      ['menu', true],
      ['menu enabled', true],
      ['page', true],
      ['data scope', true],
      ['button', false],
    ]);
    expect(data.chain[5].detail).toContain(
      'srmPurRequisitionHeader: limited by organisation permits (baseUserOrgPermit) on invOrgId',
    );
    expect(data.chain[6].detail).toContain('btnApprove');
  });

  it('allows manager01 + MANAGER_RESP, naming the granting role', async () => {
    const data = expectOk(
      await explain({
        userName: 'manager01',
        respId: MANAGER_RESP,
        menuId: menus.PUR_REQUISITION,
        resourceCode: 'btnApprove',
      }),
    );
    expect(data.allowed).toBe(true);
    expect(links(data)).toEqual([
      ['user', true],
      ['responsibility', true],
      ['menu', true],
      ['menu enabled', true],
      ['page', true],
      ['data scope', true],
      ['button', true],
    ]);
    expect(data.chain[5].detail).toBe('every row (no organisation or category limit applies)');
    expect(data.chain[6].detail).toContain('APPROVER');
  });

  it('stops at the first failing link (a responsibility not held; a menu not granted)', async () => {
    const notHeld = expectOk(
      await explain({
        userName: 'buyer01',
        respId: MANAGER_RESP,
        menuId: menus.PUR_REQUISITION,
        resourceCode: 'btnApprove',
      }),
    );
    expect([notHeld.allowed, links(notHeld)]).toEqual([
      false,
      [
        ['user', true],
        ['responsibility', false],
      ],
    ]);
    const notGranted = expectOk(await explain({ userName: 'buyer01', respId: BUYER_RESP, menuId: menus.SYS_USER }));
    expect([notGranted.allowed, links(notGranted)]).toEqual([
      false,
      [
        ['user', true],
        ['responsibility', true],
        ['menu', false],
      ],
    ]);
  });

  it('answers 403 to buyer01 asking, and 400 without respId and menuId', async () => {
    expectError(
      await explain(
        { userName: 'buyer01', respId: BUYER_RESP, menuId: menus.PUR_REQUISITION },
        as(buyer, BUYER_RESP, 'PUR_REQUISITION'),
      ),
      403,
    );
    expectError(await explain({ userName: 'buyer01', respId: 'x' }), 400);
  });
});
