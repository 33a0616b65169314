import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../../../testing/apiAssertions';
import { sessionHeaders } from '../../../testing/authFixtures';
import { fileJson, PDF, upload } from '../../../testing/fileFixtures';
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
  sessionOf,
} from './registrationFixtures';

/**
 * Flow 1 step 3 (DOMAIN section 15) as the supplier enters it on /registerInfoEdit: a business
 * licence with its scan, a tax record (GENERAL, VAT13), a factory address, and where they go next —
 * the approver's lists, then the supplier master's credentials, tax records and locations.
 */
let server: TestServer;
let dataDir: string;
let manager: Record<string, string>;
let registerId: number;
let supplier: SignedIn;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-register-details-'));
  server = await startTestServer('slc_register_details', { dataDir });
  const form = registerForm({ supplierName: '东莞市华晟线缆测试有限公司', userName: 'newsupp2' });
  registerId = expectOk(await register(server, form)).registerId;
  const buyer = await fromMenu(server, await sessionOf(server, 'buyer01'), 'SLC_REGISTER_APPROVAL');
  expectOk(await decide(server, buyer, 'doApproveRegister', { id: registerId }));
  manager = await fromMenu(server, await sessionOf(server, 'manager01'), 'SLC_REGISTER_INFO_APPROVAL');
  supplier = await sessionOf(server, 'newsupp2', NEW_PASSWORD);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const own = (action: string, body: Record<string, unknown> = {}) =>
  server.call('srmServer', REG, action, body, sessionHeaders(supplier));
const TAX = {
  taxpayerIdNumber: '91441900MA4W3E7H5R',
  taxpayerType: 'GENERAL',
  invoiceType: 'SPECIAL_VAT',
  taxCode: 'VAT13',
};
/** The menu of 维护供应商信息 (supplierInfoEdit), where buyers read the master with its credentials. */
const MASTER_MENU = 'SLC_SUPPLIER_CREATE_EDIT';
const FACTORY = { locationName: '长安工厂', locationType: 'FACTORY', addressDetail: '广东省东莞市长安镇振安路 88 号' };
const licence = (attachmentIds: string) => ({
  credentialType: 'BUSINESS_LICENSE',
  credentialNumber: '91441900MA4W3E7H5R',
  expireDate: '2046-05-31',
  attachmentIds,
});
const header = {
  registeredAddress: '广东省东莞市长安镇振安路 88 号',
  bankName: '中国工商银行东莞长安支行',
  bankAccountNumber: '2010021309200123456',
};

describe('the tax records and factory addresses of a registration', () => {
  it('are checked on save: required fields and value-set codes, 400 naming the line field', async () => {
    const { versionNum } = expectOk(await own('findMyRegisterInfo'));
    const noTaxCode = await own('saveMyRegisterInfo', { taxes: [{ ...TAX, taxCode: undefined }], versionNum });
    expectError(noTaxCode, 400);
    expect(JSON.stringify(noTaxCode.body)).toContain('taxCode');
    const badType = await own('saveMyRegisterInfo', {
      locations: [{ ...FACTORY, locationType: 'CASTLE' }],
      versionNum,
    });
    expectError(badType, 400);
    expect(JSON.stringify(badType.body)).toContain('locationType');
    expect(await tableRows(server, 'srm_slc_register_tax', 'register_tax_id', { register_id: registerId })).toEqual([]);
  });

  it('are saved with the licence scan, which the supplier still reads after the save links it', async () => {
    const scan = expectOk(await upload(server, sessionHeaders(supplier), [{ name: '营业执照.pdf', bytes: PDF }]))[0];
    const { versionNum } = expectOk(await own('findMyRegisterInfo'));
    const saved = expectOk(
      await own('saveMyRegisterInfo', {
        ...header,
        credentials: [licence(String(scan.id))],
        taxes: [TAX],
        locations: [FACTORY],
        versionNum,
      }),
    );
    expect(saved.taxes).toEqual([expect.objectContaining({ ...TAX, primaryFlag: 'N' })]);
    expect(saved.locations).toEqual([expect.objectContaining({ ...FACTORY, countryCode: 'CN' })]);
    expect(saved.credentials[0]).toMatchObject({ expireDate: '2046-05-31', attachmentIds: String(scan.id) });
    const [file] = await tableRows(server, 'base_file', 'attachment_id', { attachment_id: scan.id });
    expect(file).toMatchObject({
      function_id: 'srmSlcRegisterCredential',
      business_id: saved.credentials[0].registerCredentialId,
    });
    const listed = expectOk(await fileJson(server, sessionHeaders(supplier), 'listBaseFile', { ids: [scan.id] }));
    expect(listed.map((f: { id: number }) => f.id)).toEqual([scan.id]);
    // Another supplier does not see it.
    const other = await sessionOf(server, 'supplier01');
    expect(expectOk(await fileJson(server, sessionHeaders(other), 'listBaseFile', { ids: [scan.id] }))).toEqual([]);
  });

  it('reach the approver, and on approval the supplier master: tax records and locations', async () => {
    expect(expectOk(await own('doSubmitRegisterInfo')).registerStatus).toBe('INFO_SUBMITTED');
    const shown = expectOk(await decide(server, manager, 'findById', { id: registerId }));
    expect(shown.taxes).toEqual([expect.objectContaining(TAX)]);
    expect(shown.locations).toEqual([expect.objectContaining(FACTORY)]);
    const scanId = Number(shown.credentials[0].attachmentIds);
    const managerSees = expectOk(await fileJson(server, manager, 'listBaseFile', { ids: [scanId] }));
    expect(managerSees.map((f: { id: number }) => f.id)).toEqual([scanId]);

    expectOk(await decide(server, manager, 'doApproveRegisterInfo', { id: registerId }));
    const supplierId = Number((await registerRow(server, registerId)).supplier_id);
    expect(await tableRows(server, 'srm_slc_supplier_tax', 'supplier_tax_id', { supplier_id: supplierId })).toEqual([
      expect.objectContaining({
        taxpayer_id_number: TAX.taxpayerIdNumber,
        taxpayer_type: 'GENERAL',
        tax_code: 'VAT13',
      }),
    ]);
    expect(await tableRows(server, 'srm_slc_supplier_location', 'location_id', { supplier_id: supplierId })).toEqual([
      expect.objectContaining({
        location_name: '长安工厂',
        location_type: 'FACTORY',
        address_detail: FACTORY.addressDetail,
        enabled_flag: 'Y',
      }),
    ]);
    const [credential] = await tableRows(server, 'srm_slc_supplier_credential', 'credential_id', {
      supplier_id: supplierId,
    });
    expect(credential).toMatchObject({ attachment_ids: String(scanId) });
    // The scan now belongs to the master's credential: a buyer reads it from the supplier master.
    const [file] = await tableRows(server, 'base_file', 'attachment_id', { attachment_id: scanId });
    expect(file).toMatchObject({ function_id: 'srmSlcSupplierCredential', business_id: credential.credential_id });
    const masterReader = await fromMenu(server, await sessionOf(server, 'buyer01'), MASTER_MENU);
    const read = expectOk(await fileJson(server, masterReader, 'listBaseFile', { ids: [scanId] }));
    expect(read.map((f: { id: number }) => f.id)).toEqual([scanId]);
    expect(String(credential.expire_date).slice(0, 10)).toBe('2046-05-31');
  });
});
