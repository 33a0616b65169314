import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { expectLoginRefused, login, runSql, sessionHeaders } from '../../../testing/authFixtures';
import type { SignedIn } from '../../../testing/sessions';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import {
  decide,
  fromMenu,
  NEW_PASSWORD,
  REG,
  register,
  registerForm,
  registerRow,
  resetRegisterLimit,
  sessionOf,
} from './registrationFixtures';

/**
 * The two-stage approval of a supplier registration (DOMAIN section 1.2 and flow 1, steps 1–4):
 * buyer01 approves the account on supplierRegisterApproval, the new supplier completes its details
 * on /registerInfoEdit, manager01 approves them on supplierRegisterInfoApproval.
 */
let server: TestServer;
let buyer: Record<string, string>;
let manager: Record<string, string>;
let registerId: number;
let supplier: SignedIn;
beforeAll(async () => {
  server = await startTestServer('slc_register_flow');
  buyer = await fromMenu(server, await sessionOf(server, 'buyer01'), 'SLC_REGISTER_APPROVAL');
  manager = await fromMenu(server, await sessionOf(server, 'manager01'), 'SLC_REGISTER_INFO_APPROVAL');
  registerId = expectOk(await register(server, registerForm())).registerId;
});
afterAll(async () => {
  await server?.close();
});

const own = (action: string, body: Record<string, unknown> = {}, session = supplier) =>
  server.call('srmServer', REG, action, body, sessionHeaders(session));
const details = async () => {
  const categoryId = Number(
    (await server.kernel.db.select("SELECT category_id AS id FROM srm_base_category WHERE category_code = '0105'"))[0]
      .id,
  );
  return {
    registeredAddress: '广东省东莞市长安镇振安路 88 号',
    bankName: '中国工商银行东莞长安支行',
    bankAccountNumber: '2010021309200123456',
    supplierName: '改名的公司',
    credentials: [
      {
        credentialType: 'BUSINESS_LICENSE',
        credentialNumber: '91441900MA4W3E7H5R',
        issuingAuthority: '东莞市市场监督管理局',
        longTermFlag: 'Y',
      },
    ],
    supplyAbilities: [{ categoryId, annualCapacity: '1200000', capacityUom: 'PCS', leadTimeDays: 15 }],
  };
};

describe('the demo registration (newsup01, seeds/demo/19b)', () => {
  it('waits on both approval lists and can be approved: its account then signs in as the new supplier', async () => {
    const pending = await decide(server, buyer, 'listByPage', { pageIndex: 1, pageRows: 50 });
    expect(expectOk(pending).map((r: { registerNumber: string }) => r.registerNumber)).toContain('REG202611240001');
    const listed = await decide(server, manager, 'listByPage', { pageIndex: 1, pageRows: 50 });
    expect(expectOk(listed).map((r: { registerNumber: string }) => r.registerNumber)).toContain('REG202611240001');
    // The details approval list opens on INFO_SUBMITTED and APPROVED: 苏州恒达's approved registration.
    const details = await decide(server, manager, 'listByPage', {
      params: { registerStatus: ['INFO_SUBMITTED', 'APPROVED'] },
      pageIndex: 1,
      pageRows: 50,
    });
    expect(expectOk(details).map((r: { registerNumber: string }) => r.registerNumber)).toEqual(['REG202601050001']);
    expect(expectOk(await decide(server, buyer, 'doApproveRegister', { id: 1 })).registerStatus).toBe(
      'ACCOUNT_APPROVED',
    );
    expect((await sessionOf(server, 'newsup01')).userInfo).toMatchObject({ registerStatus: 'ACCOUNT_APPROVED' });
  });
});

describe('account approval (supplierRegisterApproval)', () => {
  it('lists the pending registration to buyer01 from the menu; supplier users and other menus are refused', async () => {
    const list = await decide(server, buyer, 'listByPage', {
      params: { registerStatus: 'ACCOUNT_SUBMITTED' },
      pageIndex: 1,
      pageRows: 20,
    });
    expect(expectOk(list).map((r: { registerId: number }) => r.registerId)).toContain(registerId);
    const supplier01 = await sessionOf(server, 'supplier01');
    expectError(
      await decide(
        server,
        sessionHeaders(supplier01, supplier01.responsibilities[0].responsibilityId),
        'doApproveRegister',
        { id: registerId },
      ),
      403,
    );
    expectError(
      await decide(
        server,
        { ...buyer, certificate: supplier01.certificate, authorizationCode: supplier01.authorizationCode },
        'doApproveRegister',
        { id: registerId },
      ),
      403,
    );
    expectError(
      await decide(
        server,
        await fromMenu(server, await sessionOf(server, 'buyer01'), 'PUR_REQUISITION'),
        'doApproveRegister',
        { id: registerId },
      ),
      403,
    );
  });

  it('needs the btnApproveRegister button on that menu, and the info approval is not offered there', async () => {
    await runSql(server, "DELETE FROM base_role_resource WHERE role_id = 101 AND resource_code = 'btnApproveRegister'");
    const refused = await decide(server, buyer, 'doApproveRegister', { id: registerId });
    expectError(refused, 403);
    expect(refused.body.msg).toBe('You do not have the "btnApproveRegister" permission on this menu');
    await runSql(
      server,
      "INSERT INTO base_role_resource (role_resource_id, role_id, menu_id, resource_code, version_num) SELECT 10162, 101, menu_id, 'btnApproveRegister', 1 FROM base_menu WHERE menu_code = 'SLC_REGISTER_APPROVAL'",
    );
    expectError(await decide(server, buyer, 'doApproveRegisterInfo', { id: registerId }), 403);
    expectError(await decide(server, buyer, 'doRejectRegisterInfo', { id: registerId, rejectReason: 'x' }), 403);
    expect((await registerRow(server, registerId)).register_status).toBe('ACCOUNT_SUBMITTED');
  });

  it('approve: creates the supplier REGISTERING, links and enables the user with the supplier responsibility; a second approve is 409', async () => {
    const data = expectOk(await decide(server, buyer, 'doApproveRegister', { id: registerId }));
    expect(data.registerStatus).toBe('ACCOUNT_APPROVED');
    const row = await registerRow(server, registerId);
    const [master] = await tableRows(server, 'srm_slc_supplier_info', 'supplier_id', {
      supplier_id: Number(row.supplier_id),
    });
    expect(master).toMatchObject({
      supplier_name: '东莞市华晟线缆有限公司',
      supplier_status: 'REGISTERING',
      unified_social_credit_code: '91441900MA4W3E7H5R',
      source_type: 'REGISTER',
    });
    expect(String(master.supplier_code)).toMatch(/^S\d{12}$/);
    const [user] = await tableRows(server, 'base_users', 'user_id', { user_name: 'newsupp' });
    expect(user).toMatchObject({ enabled_flag: 'Y', supplier_id: row.supplier_id });
    supplier = await sessionOf(server, 'newsupp', NEW_PASSWORD);
    expect(supplier.userInfo).toMatchObject({
      supplierId: Number(row.supplier_id),
      registerStatus: 'ACCOUNT_APPROVED',
      supplierStatus: 'REGISTERING',
    });
    expect(supplier.responsibilities.map((r) => r.responsibilityCode)).toEqual(['SUPPLIER_RESP']);
    const again = await decide(server, buyer, 'doApproveRegister', { id: registerId });
    expectError(again, 409);
    expect(again.body.msg).toMatch(/ACCOUNT_APPROVED/);
    expectError(await decide(server, manager, 'doApproveRegisterInfo', { id: registerId }), 409);
  });
});

describe('the supplier completes its registration (/registerInfoEdit)', () => {
  it('reads only its own registration; other suppliers get 404, the generic API 403', async () => {
    expect(expectOk(await own('findMyRegisterInfo'))).toMatchObject({
      registerId,
      registerStatus: 'ACCOUNT_APPROVED',
      credentials: [],
      supplyAbilities: [],
    });
    const supplier01 = await sessionOf(server, 'supplier01');
    expectError(await own('findMyRegisterInfo', {}, supplier01), 404);
    expectError(
      await server.call(
        'srmServer',
        REG,
        'findById',
        { id: registerId },
        sessionHeaders(supplier01, supplier01.responsibilities[0].responsibilityId),
      ),
      403,
    );
    expectError(await own('findMyRegisterInfo', {}, await sessionOf(server, 'buyer01')), 403);
  });

  it('cannot submit incomplete details (400 naming what is missing), saves them with lines, and submits', async () => {
    const incomplete = await own('doSubmitRegisterInfo');
    expectError(incomplete, 400, ['registeredAddress', 'bankName', 'bankAccountNumber', 'credentials']);
    expect((await registerRow(server, registerId)).register_status).toBe('ACCOUNT_APPROVED');
    const current = expectOk(await own('findMyRegisterInfo'));
    const saved = expectOk(await own('saveMyRegisterInfo', { ...(await details()), versionNum: current.versionNum }));
    expect(saved).toMatchObject({ supplierName: '东莞市华晟线缆有限公司', bankName: '中国工商银行东莞长安支行' });
    expect(saved.credentials).toHaveLength(1);
    expect(saved.supplyAbilities[0]).toMatchObject({ annualCapacity: '1200000.0000', leadTimeDays: 15 });
    expectError(await own('saveMyRegisterInfo', { contactEmail: 'bad', versionNum: saved.versionNum }), 400, [
      'contactEmail',
    ]);
    expect(expectOk(await own('doSubmitRegisterInfo')).registerStatus).toBe('INFO_SUBMITTED');
    expectError(await own('doSubmitRegisterInfo'), 409);
    expectError(await own('saveMyRegisterInfo', { bankName: '别的银行', versionNum: saved.versionNum + 1 }), 409);
  });
});

describe('details approval (supplierRegisterInfoApproval)', () => {
  it('reject needs a reason; the supplier sees it, corrects and submits again', async () => {
    expectError(await decide(server, manager, 'doRejectRegisterInfo', { id: registerId }), 400, ['rejectReason']);
    expect(
      expectOk(
        await decide(server, manager, 'doRejectRegisterInfo', { id: registerId, rejectReason: '营业执照需上传扫描件' }),
      ).registerStatus,
    ).toBe('REJECTED');
    supplier = await sessionOf(server, 'newsupp', NEW_PASSWORD);
    expect(supplier.userInfo).toMatchObject({ registerStatus: 'REJECTED', supplierStatus: 'REGISTERING' });
    const mine = expectOk(await own('findMyRegisterInfo'));
    expect(mine.rejectReason).toBe('营业执照需上传扫描件');
    expectOk(await own('saveMyRegisterInfo', { attachmentIds: '', versionNum: mine.versionNum }));
    expect(expectOk(await own('doSubmitRegisterInfo')).rejectReason).toBeNull();
  });

  it('approve copies the details into the supplier master and its credentials and supply abilities; the supplier is REGISTERED', async () => {
    expectError(await decide(server, manager, 'doApproveRegister', { id: registerId }), 403);
    expect(expectOk(await decide(server, manager, 'doApproveRegisterInfo', { id: registerId })).registerStatus).toBe(
      'APPROVED',
    );
    const supplierId = Number((await registerRow(server, registerId)).supplier_id);
    const [master] = await tableRows(server, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: supplierId });
    expect(master).toMatchObject({
      supplier_status: 'REGISTERED',
      registered_address: '广东省东莞市长安镇振安路 88 号',
      email: 'sales@huasheng-cable.example.com',
    });
    expect(
      await tableRows(server, 'srm_slc_supplier_credential', 'credential_id', { supplier_id: supplierId }),
    ).toEqual([
      expect.objectContaining({
        credential_type: 'BUSINESS_LICENSE',
        credential_number: '91441900MA4W3E7H5R',
        long_term_flag: 'Y',
      }),
    ]);
    expect(
      await tableRows(server, 'srm_slc_supplier_supply_ability', 'supply_ability_id', { supplier_id: supplierId }),
    ).toHaveLength(1);
    expect((await sessionOf(server, 'newsupp', NEW_PASSWORD)).userInfo).toMatchObject({
      registerStatus: 'APPROVED',
      supplierStatus: 'REGISTERED',
    });
    expectError(await decide(server, manager, 'doRejectRegisterInfo', { id: registerId, rejectReason: 'late' }), 409);
  });
});

describe('a rejected account', () => {
  it('keeps the user disabled, explains the rejection at sign-in, and frees the company name for a new registration', async () => {
    await resetRegisterLimit(server);
    const form = registerForm({
      supplierName: '苏州驳回测试有限公司',
      unifiedSocialCreditCode: '91320500MA1X2Y3W4A',
      userName: 'rejected01',
    });
    const id = expectOk(await register(server, form)).registerId;
    expectError(await decide(server, buyer, 'doRejectRegister', { id, rejectReason: '   ' }), 400, ['rejectReason']);
    expect(
      expectOk(await decide(server, buyer, 'doRejectRegister', { id, rejectReason: '信用代码与公司名称不符' }))
        .registerStatus,
    ).toBe('REJECTED');
    expectLoginRefused(
      await login(server, 'rejected01', NEW_PASSWORD),
      'Your supplier registration was rejected (reason: 信用代码与公司名称不符); this account cannot sign in.',
      { captchaRequired: false, locked: false, registerStatus: 'REJECTED' } as never,
    );
    expectError(await decide(server, buyer, 'doApproveRegister', { id }), 409);
    expectOk(await register(server, { ...form, userName: 'rejected02' }));
  });
});
