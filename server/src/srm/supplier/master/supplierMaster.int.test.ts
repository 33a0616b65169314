import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { login, outbox, runSql } from '../../../testing/authFixtures';
import { signIn } from '../../../testing/sessions';
import { call, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { addDays, today as dayOf } from '../../../util/time';
import { proofServer } from '../../../testing/proofServer';

/** The supplier master kept by the buying company (issue 16g): create/edit, portal accounts, qxbInfo, credential warnings. */
const p = proofServer('srm_supplier_master');

const INFO = 'srmSlcSupplierInfoRestful';
const WARN = 'srmSlcSupplierWarningRestful';
const create = (user: ProofUser, action: string, body: Body) =>
  call(p, user, 'SLC_SUPPLIER_CREATE', INFO, action, body);
const portal = (user: ProofUser, body: Body) =>
  call(p, user, 'SLC_SUPPLIER_TO_PORTAL', INFO, 'doOpenPortalAccount', body);
const qxb = (user: ProofUser, body: Body) => call(p, user, 'SLC_QXB_INFO', INFO, 'qxbInfo', body);
const warn = (user: ProofUser, action: string, body: Body = {}) =>
  call(p, user, 'SLC_SUPPLIER_WARNING', WARN, action, body);
const supplierRow = async (id: number) =>
  (await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_id: id }))[0];
const linesOf = (table: string, key: string, supplierId: number) => rows(p, table, key, { supplier_id: supplierId });

let seq = 0;
/** A unique code and USCC per case (the pattern: 2 + 6 digits + 10). */
function fresh(): { code: string; uscc: string } {
  seq += 1;
  const n = `${process.pid % 1000}${Date.now() % 100000}${seq}`.padStart(10, '0').slice(-10);
  return { code: `M${n}`, uscc: `91310000${n}` };
}

function masterBody(extra: Body = {}): Body {
  const { code, uscc } = fresh();
  return {
    supplierCode: code,
    supplierName: `内部创建供应商 ${code}`,
    supplierType: 'PRODUCTION',
    unifiedSocialCreditCode: uscc,
    registeredAddress: '上海市浦东新区张江路 1 号',
    // Not the client's to choose: the hook and serverOnly decide.
    sourceType: 'ERP',
    supplierStatus: 'QUALIFIED',
    contacts: [
      {
        contactName: '王磊',
        contactType: 'BUSINESS',
        mobile: '13912345678',
        email: `wanglei.${code.toLowerCase()}@example.com`,
        primaryFlag: 'Y',
        enabledFlag: 'Y',
      },
      {
        contactName: '陈静',
        contactType: 'QUALITY',
        email: 'chenjing@example.com',
        primaryFlag: 'N',
        enabledFlag: 'Y',
      },
    ],
    accounts: [
      {
        bankName: '中国银行',
        bankBranchName: '上海张江支行',
        bankAccountName: `内部创建供应商 ${code}`,
        bankAccountNumber: '6217000011112222',
        currencyCode: 'CNY',
        primaryFlag: 'Y',
        enabledFlag: 'Y',
      },
    ],
    credentials: [
      { credentialType: 'BUSINESS_LICENSE', credentialNumber: uscc, expireDate: '2040-12-31', longTermFlag: 'N' },
    ],
    supplyAbilities: [],
    taxes: [
      {
        taxpayerIdNumber: uscc,
        taxpayerType: 'GENERAL',
        invoiceType: 'SPECIAL_VAT',
        taxCode: 'VAT13',
        invoiceTitle: `内部创建供应商 ${code}`,
        primaryFlag: 'Y',
      },
    ],
    ...extra,
  };
}

async function created(extra: Body = {}): Promise<{ id: number; body: Body }> {
  const body = masterBody(extra);
  const saved = expectOk(await create('buyer01', 'saveOrUpdate', body));
  return { id: Number(saved.supplierId), body };
}

describe('supplierInfoCreate / supplierInfoEdit', () => {
  it('creates the master with all its line grids in one save: source CREATE, status REGISTERED', async () => {
    const { id } = await created();
    expect(await supplierRow(id)).toMatchObject({ source_type: 'CREATE', supplier_status: 'REGISTERED' });
    expect(await linesOf('srm_slc_supplier_contact', 'contact_id', id)).toHaveLength(2);
    expect(await linesOf('srm_slc_supplier_account', 'account_id', id)).toHaveLength(1);
    expect(await linesOf('srm_slc_supplier_credential', 'credential_id', id)).toHaveLength(1);
    const taxes = await linesOf('srm_slc_supplier_tax', 'supplier_tax_id', id);
    expect(taxes).toMatchObject([{ taxpayer_type: 'GENERAL', invoice_type: 'SPECIAL_VAT', primary_flag: 'Y' }]);
    const listed = expectOk(
      await create('buyer01', 'listByPage', {
        pageIndex: 1,
        pageRows: 50,
        filter: { field: 'sourceType', op: 'eq', value: 'CREATE' },
      }),
    );
    expect(listed.map((r: Body) => r.supplierId)).toContain(id);
    const found = expectOk(await create('buyer01', 'findById', { id }));
    expect(found.taxes).toHaveLength(1);
  });

  it('rolls the whole create back when a line is invalid, or two lines claim to be primary', async () => {
    const badTax = masterBody({ taxes: [{ taxpayerType: 'GENERAL' }] });
    expectError(await create('buyer01', 'saveOrUpdate', badTax), 400);
    expect(
      await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_code: badTax.supplierCode as string }),
    ).toEqual([]);
    const twoPrimary = masterBody();
    (twoPrimary.contacts as Body[])[1].primaryFlag = 'Y';
    expectError(await create('buyer01', 'saveOrUpdate', twoPrimary), 400, ['contacts']);
    expect(
      await rows(p, 'srm_slc_supplier_info', 'supplier_id', { supplier_code: twoPrimary.supplierCode as string }),
    ).toEqual([]);
    expect(
      await rows(p, 'srm_slc_supplier_contact', 'contact_id', { email: 'chenjing@example.com', supplier_id: 0 }),
    ).toEqual([]);
  });

  it('edits the master and its lines under optimistic locking; the source and status stay', async () => {
    const { id } = await created();
    const edit = (body: Body) => call(p, 'buyer01', 'SLC_SUPPLIER_CREATE', INFO, 'saveOrUpdate', body);
    const current = expectOk(await create('buyer01', 'findById', { id }));
    const taxes = current.taxes as Body[];
    const saved = await edit({
      ...current,
      supplierShortName: '内部简称',
      sourceType: 'REGISTER',
      taxes: [...taxes, { taxpayerIdNumber: 'SECOND-TAX-ID', primaryFlag: 'N' }],
    });
    expectOk(saved);
    const row = await supplierRow(id);
    expect(row).toMatchObject({
      supplier_short_name: '内部简称',
      source_type: 'CREATE',
      supplier_status: 'REGISTERED',
    });
    expect(await linesOf('srm_slc_supplier_tax', 'supplier_tax_id', id)).toHaveLength(2);
    // The first read's version is stale now.
    expectError(await edit({ ...current, supplierShortName: 'stale' }), 409);
    expect((await supplierRow(id)).supplier_short_name).toBe('内部简称');
  });

  it('is closed to supplier users: their responsibility holds none of these menus', async () => {
    const { id } = await created();
    for (const [action, body] of [
      ['saveOrUpdate', masterBody()],
      ['findById', { id }],
      ['listByPage', { pageIndex: 1, pageRows: 10 }],
    ] as const) {
      expect([403, 404]).toContain((await create('supplier01', action, body)).status);
    }
    expect([403, 404]).toContain((await portal('supplier01', { supplierId: 1 })).status);
    expect([403, 404]).toContain((await qxb('supplier01', { supplierId: 1 })).status);
    expect([403, 404]).toContain((await warn('supplier02', 'listByPage', { pageIndex: 1, pageRows: 10 })).status);
    expect([403, 404]).toContain((await warn('supplier01', 'doCheckCredentialExpiry')).status);
  });
});

describe('supplierInfoToPortal: doOpenPortalAccount', () => {
  it('opens the account of the primary contact: it signs in, must change its password, and a second call is 409', async () => {
    const { id, body } = await created();
    const userName = `P${(body.supplierCode as string).slice(1)}`;
    const opened = await portal('buyer01', { supplierId: id, userName });
    const data = expectOk(opened);
    expect(data).toMatchObject({ userName });
    expect(opened.body.msg).toContain(data.temporaryPassword);
    const users = await rows(p, 'base_users', 'user_id', { user_name: userName });
    expect(users).toMatchObject([{ supplier_id: id, user_type: 'EX_ADMIN', enabled_flag: 'Y', person_name: '王磊' }]);
    expect(users[0].password_changed_date).toBeNull();
    expect(users[0].password_hash).not.toContain(data.temporaryPassword);
    const primary = (await linesOf('srm_slc_supplier_contact', 'contact_id', id)).find((c) => c.primary_flag === 'Y');
    expect(primary?.portal_user_flag).toBe('Y');
    const mails = await outbox(p.server, String(primary?.email));
    expect(mails.at(-1)).toMatchObject({ purpose: 'PORTAL_ACCOUNT_OPENED' });
    expect(mails.at(-1)?.body).toContain(data.temporaryPassword);

    const session = await signIn(p.server.baseUrl, userName, data.temporaryPassword);
    expect(session.userInfo).toMatchObject({ passwordChangeRequired: true });
    expect(session.responsibilities.map((r) => r.responsibilityCode)).toEqual(['SUPPLIER_RESP']);
    expect((await login(p.server, userName, 'Meridian#2026')).status).toBe(401);
    // After a password of their own, the flag is gone.
    const changed = await p.server.call(
      'baseServer',
      'baseUsersRestful',
      'updatePassword',
      { oldPassword: data.temporaryPassword, newPassword: 'Portal#Own2026x' },
      { certificate: session.certificate, authorizationCode: session.authorizationCode },
    );
    expectOk(changed);
    expect(
      (await signIn(p.server.baseUrl, userName, 'Portal#Own2026x')).userInfo.passwordChangeRequired,
    ).toBeUndefined();

    const again = await portal('buyer01', { supplierId: id, userName: `${userName}x` });
    expectError(again, 409);
    expect(again.body.msg).toContain(userName);
    expect(await rows(p, 'base_users', 'user_id', { supplier_id: id })).toHaveLength(1);
  });

  it('uses the supplier code as login name by default; refuses a taken name, a supplier without a primary contact and one that has an account', async () => {
    const { id, body } = await created();
    expect(expectOk(await portal('buyer01', { supplierId: id })).userName).toBe(body.supplierCode);
    const other = await created();
    const taken = await portal('buyer01', { supplierId: other.id, userName: String(body.supplierCode).toLowerCase() });
    expectError(taken, 409);
    expect(await rows(p, 'base_users', 'user_id', { supplier_id: other.id })).toEqual([]);
    expectError(await portal('buyer01', { supplierId: other.id, userName: '1bad name' }), 400);
    const noPrimary = await created({
      contacts: [{ contactName: '赵六', contactType: 'BUSINESS', email: 'zl@example.com', primaryFlag: 'N' }],
    });
    expectError(await portal('buyer01', { supplierId: noPrimary.id }), 400);
    // 苏州恒达 has supplier01 already.
    expectError(await portal('buyer01', { supplierId: 1, userName: 'hengda02' }), 409);
    expectError(await portal('buyer01', { supplierId: 99999999 }), 404);
  });

  it('opens one account when two calls for the same supplier meet (several rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, body } = await created();
      const base = `C${(body.supplierCode as string).slice(1)}`;
      const answers = await Promise.all([
        portal('buyer01', { supplierId: id, userName: `${base}a` }),
        portal('manager01', { supplierId: id, userName: `${base}b` }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await rows(p, 'base_users', 'user_id', { supplier_id: id })).toHaveLength(1);
    }
  });

  it('gives one login name to one supplier when two suppliers ask for it at once', async () => {
    const a = await created();
    const b = await created();
    const name = `Same${(a.body.supplierCode as string).slice(1)}`;
    const answers = await Promise.all([
      portal('buyer01', { supplierId: a.id, userName: name }),
      portal('manager01', { supplierId: b.id, userName: name }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await rows(p, 'base_users', 'user_id', { user_name: name })).toHaveLength(1);
  });
});

describe('qxbInfo', () => {
  it('answers the held business-registration record of a supplier and opens its detail page', async () => {
    const answer = expectOk(await qxb('buyer01', { supplierId: 1 }));
    expect(answer).toMatchObject({
      found: true,
      unifiedSocialCreditCode: '91320506MA1W8K3P2X',
      record: { enterpriseName: '苏州恒达精密五金有限公司', legalRepresentative: '周建国', dataSource: 'MANUAL' },
      open: { path: 'qxbInfoDetail' },
    });
    const detail = expectOk(
      await call(p, 'buyer01', 'SLC_QXB_INFO', 'srmSlcEnterpriseRegistryRestful', 'findById', {
        id: answer.open.id,
      }),
    );
    expect(detail.unifiedSocialCreditCode).toBe('91320506MA1W8K3P2X');
  });

  it('says plainly when no record is held, and finds one once an administrator adds it', async () => {
    const { id, body } = await created();
    const none = await qxb('buyer01', { supplierId: id });
    expect(expectOk(none)).toMatchObject({ found: false, unifiedSocialCreditCode: body.unifiedSocialCreditCode });
    expect(none.body.msg).toMatch(/No business registration record is held|未持有/);
    expectOk(
      await call(p, 'admin', 'SLC_ENTERPRISE_REGISTRY', 'srmSlcEnterpriseRegistryRestful', 'saveOrUpdate', {
        unifiedSocialCreditCode: body.unifiedSocialCreditCode,
        enterpriseName: body.supplierName,
        enterpriseStatus: 'EXISTING',
        dataSource: 'MANUAL',
      }),
    );
    expect(expectOk(await qxb('buyer01', { supplierId: id }))).toMatchObject({
      found: true,
      record: { enterpriseName: body.supplierName },
    });
    expectError(await qxb('buyer01', { supplierId: 99999999 }), 404);
  });

  it('keeps the registry records to internal administrators (buyers have no maintenance menu)', async () => {
    const answer = await call(
      p,
      'buyer01',
      'SLC_ENTERPRISE_REGISTRY',
      'srmSlcEnterpriseRegistryRestful',
      'listByPage',
      {
        pageIndex: 1,
        pageRows: 10,
      },
    );
    expect([403, 404]).toContain(answer.status);
  });
});

describe('slcSupplierWarningList: credential expiry warnings', () => {
  const today = dayOf();
  async function withCredentials(): Promise<{ id: number; due: string[]; notDue: string[] }> {
    const { uscc } = fresh();
    const creds = [
      {
        credentialType: 'ISO9001',
        credentialNumber: `${uscc}-SOON`,
        expireDate: addDays(today, 10),
        longTermFlag: 'N',
      },
      {
        credentialType: 'ISO14001',
        credentialNumber: `${uscc}-PAST`,
        expireDate: addDays(today, -3),
        longTermFlag: 'N',
      },
      {
        credentialType: 'IATF16949',
        credentialNumber: `${uscc}-LONG`,
        expireDate: addDays(today, 10),
        longTermFlag: 'Y',
      },
      {
        credentialType: 'ISO45001',
        credentialNumber: `${uscc}-LATER`,
        expireDate: addDays(today, 100),
        longTermFlag: 'N',
      },
      { credentialType: 'OTHER', credentialNumber: `${uscc}-NONE`, longTermFlag: 'N' },
    ];
    const { id } = await created({ credentials: creds });
    return { id, due: [`${uscc}-SOON`, `${uscc}-PAST`], notDue: [`${uscc}-LONG`, `${uscc}-LATER`, `${uscc}-NONE`] };
  }
  const warningsOf = (supplierId: number) =>
    rows(p, 'srm_slc_supplier_warning', 'warning_id', { supplier_id: supplierId });

  it('raises one warning per due credential, and a second run raises none', async () => {
    const { id, due } = await withCredentials();
    const first = expectOk(await warn('buyer01', 'doCheckCredentialExpiry'));
    const mine = await warningsOf(id);
    expect(mine.map((w) => w.credential_number).sort()).toEqual([...due].sort());
    expect(first.ids).toEqual(expect.arrayContaining(mine.map((w) => Number(w.warning_id))));
    expect(mine.find((w) => String(w.credential_number).endsWith('-PAST'))?.warning_content).toMatch(/过期/);
    expect(mine.every((w) => w.handled_flag === 'N' && w.warning_type === 'CREDENTIAL_EXPIRY')).toBe(true);
    const second = expectOk(await warn('buyer01', 'doCheckCredentialExpiry'));
    expect(second.ids.filter((x: number) => mine.some((w) => Number(w.warning_id) === x))).toEqual([]);
    expect(await warningsOf(id)).toHaveLength(2);
    const listed = expectOk(await warn('buyer01', 'listByPage', { pageIndex: 1, pageRows: 200 }));
    expect(listed.filter((r: Body) => r.supplierId === id)).toHaveLength(2);
  });

  it('a renewed credential (new expiry date) warns again', async () => {
    const { id } = await withCredentials();
    expectOk(await warn('buyer01', 'doCheckCredentialExpiry'));
    const soon = (await linesOf('srm_slc_supplier_credential', 'credential_id', id)).find((c) =>
      String(c.credential_number).endsWith('-SOON'),
    )!;
    await runSql(p.server, 'UPDATE srm_slc_supplier_credential SET expire_date = ? WHERE credential_id = ?', [
      addDays(today, 20),
      Number(soon.credential_id),
    ]);
    expectOk(await warn('buyer01', 'doCheckCredentialExpiry'));
    expect(
      (await warningsOf(id))
        .filter((w) => Number(w.credential_id) === Number(soon.credential_id))
        .map((w) => String(w.expire_date).slice(0, 10))
        .sort(),
    ).toEqual([addDays(today, 10), addDays(today, 20)].sort());
  });

  it('two runs at once raise each warning once (several rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, due } = await withCredentials();
      const answers = await Promise.all([
        warn('buyer01', 'doCheckCredentialExpiry'),
        warn('manager01', 'doCheckCredentialExpiry'),
      ]);
      answers.forEach((a) => expectOk(a));
      expect((await warningsOf(id)).map((w) => w.credential_number).sort()).toEqual([...due].sort());
    }
  });

  it('declares the bodies of the master actions: a bad or missing id is 400 naming the field', async () => {
    expectError(await warn('buyer01', 'doHandleWarning', { warningId: 'abc' }), 400, ['warningId']);
    expectError(await warn('buyer01', 'doHandleWarning', {}), 400, ['warningId']);
    expectError(await portal('buyer01', { supplierId: 0 }), 400, ['supplierId']);
    expectError(await portal('buyer01', {}), 400, ['supplierId', 'id']);
    expectError(await qxb('buyer01', { supplierId: 'x' }), 400, ['supplierId']);
    expectError(await qxb('buyer01', {}), 400);
  });

  it('marks a warning handled once; the demo warning of 苏州恒达 is on the list', async () => {
    const listed = expectOk(await warn('buyer01', 'listByPage', { pageIndex: 1, pageRows: 200 }));
    const demo = listed.find((r: Body) => r.credentialNumber === 'IATF-0412-7788');
    expect(demo).toMatchObject({ supplierId: 1, handledFlag: 'N' });
    expect(demo.supplierName).toMatch(/苏州恒达|Suzhou Hengda/);
    expectOk(await warn('buyer01', 'doHandleWarning', { warningId: demo.warningId }));
    const row = (await rows(p, 'srm_slc_supplier_warning', 'warning_id', { warning_id: demo.warningId }))[0];
    expect(row).toMatchObject({ handled_flag: 'Y', handled_by: 2 });
    expectError(await warn('buyer01', 'doHandleWarning', { warningId: demo.warningId }), 409);
    expectError(await warn('buyer01', 'doHandleWarning', { warningId: 99999999 }), 404);
  });
});
