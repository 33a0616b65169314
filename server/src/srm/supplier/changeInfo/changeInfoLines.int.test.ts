import { describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, runSql, sessionHeaders } from '../../../testing/authFixtures';
import { PDF, upload } from '../../../testing/fileFixtures';
import { call, newSupplier, RESP, rows, type Body, type ProofUser } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * DOMAIN 1.3: the location, credential and tax lines of an info change. Approval writes them into
 * srmSlcSupplierLocation / Credential / Tax in its transaction, each UPDATE/DELETE only on a master
 * row still at the version stamped on submit (else 409 and nothing is written).
 */
const p = proofServer('srm_change_lines');

const RES = 'srmSlcChangeInfoRestful';
const act = (user: ProofUser, action: string, body: Body) =>
  call(p, user, user.startsWith('supplier') ? 'SUP_CHANGE_INFO' : 'SLC_CHANGE_INFO', RES, action, body);

/** A supplier with one location, one credential and one tax record in its master. */
async function supplierWithMaster(): Promise<{
  supplierId: number;
  location: number;
  credential: number;
  tax: number;
}> {
  const supplierId = await newSupplier(p);
  const { registry, db, resources } = p.server.kernel;
  const insert = (entity: string, values: Body) =>
    db.transaction((tx) =>
      resources.writer.insert(tx, registry.entity(entity)!, { supplierId, ...values }, systemContext()),
    );
  return {
    supplierId,
    location: await insert('srmSlcSupplierLocation', {
      locationName: '老厂',
      locationType: 'FACTORY',
      addressDetail: '苏州市吴中区1号',
      enabledFlag: 'Y',
    }),
    credential: await insert('srmSlcSupplierCredential', {
      credentialType: 'ISO9001',
      credentialNumber: 'OLD-9001',
      expireDate: '2026-12-31',
      longTermFlag: 'N',
    }),
    tax: await insert('srmSlcSupplierTax', {
      taxpayerIdNumber: '91320500OLD',
      taxpayerType: 'GENERAL',
      primaryFlag: 'Y',
    }),
  };
}

function linesBody(m: Awaited<ReturnType<typeof supplierWithMaster>>, scan?: string): Body {
  return {
    supplierId: m.supplierId,
    changeType: 'MIXED',
    changeReason: 'new plant, renewed ISO, new tax record',
    contacts: [],
    accounts: [],
    locations: [
      { operationType: 'ADD', locationName: '新厂', locationType: 'FACTORY', addressDetail: '苏州市相城区9号' },
      {
        operationType: 'UPDATE',
        sourceLocationId: m.location,
        locationName: '老厂',
        locationType: 'OFFICE',
        addressDetail: '苏州市吴中区1号',
      },
    ],
    credentials: [
      {
        operationType: 'UPDATE',
        sourceCredentialId: m.credential,
        credentialType: 'ISO9001',
        credentialNumber: 'NEW-9001',
        expireDate: '2029-12-31',
        longTermFlag: 'N',
        ...(scan ? { attachmentIds: scan } : {}),
      },
    ],
    taxes: [
      { operationType: 'DELETE', sourceTaxId: m.tax, taxpayerIdNumber: '91320500OLD' },
      { operationType: 'ADD', taxpayerIdNumber: '91320500NEW', taxpayerType: 'SMALL', primaryFlag: 'Y' },
    ],
  };
}

const masterOf = async (supplierId: number) => ({
  locations: await rows(p, 'srm_slc_supplier_location', 'location_id', { supplier_id: supplierId }),
  credentials: await rows(p, 'srm_slc_supplier_credential', 'credential_id', { supplier_id: supplierId }),
  taxes: await rows(p, 'srm_slc_supplier_tax', 'supplier_tax_id', { supplier_id: supplierId }),
});

/** A scan of the renewed certificate, uploaded by the buyer who drafts the change. */
async function scan(): Promise<string> {
  const auth = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'SLC_CHANGE_INFO'));
  return String(expectOk(await upload(p.server, auth, [{ name: 'iso9001.pdf', bytes: PDF }]))[0].id);
}

async function submittedLines(user: ProofUser = 'buyer01', file?: string) {
  const m = await supplierWithMaster();
  const id = expectOk(await act(user, 'saveOrUpdate', linesBody(m, file))).changeInfoId as number;
  expectOk(await act(user, 'submitChangeInfo', { id }));
  return { m, id };
}

describe('location, credential and tax lines', () => {
  it('are saved with the change and read back; submit stamps the version of each original row', async () => {
    const { m, id } = await submittedLines();
    const read = expectOk(await act('buyer01', 'findById', { id }));
    expect((read.locations as Body[]).map((l) => [l.operationType, l.locationName])).toEqual([
      ['ADD', '新厂'],
      ['UPDATE', '老厂'],
    ]);
    expect((read.credentials as Body[])[0]).toMatchObject({
      sourceCredentialId: m.credential,
      credentialNumber: 'NEW-9001',
    });
    expect((read.taxes as Body[]).map((t) => t.operationType)).toEqual(['DELETE', 'ADD']);
    const stamped = await rows(p, 'srm_slc_change_credential', 'change_credential_id', { change_info_id: id });
    expect(stamped[0].source_version_num).toBe(1);
  });

  it('approval adds, updates and removes the master rows in one go; the scan moves to the master credential', async () => {
    const file = await scan();
    const { m, id } = await submittedLines('buyer01', file);
    const line = await rows(p, 'srm_slc_change_credential', 'change_credential_id', { change_info_id: id });
    expect(await rows(p, 'base_file', 'attachment_id', { attachment_id: Number(file) })).toMatchObject([
      { function_id: 'srmSlcChangeCredential', business_id: line[0].change_credential_id },
    ]);
    expectOk(await act('manager01', 'approvalChangeInfo', { id, comment: 'ok' }));
    const after = await masterOf(m.supplierId);
    expect(after.locations.map((l) => [l.location_name, l.location_type, l.enabled_flag])).toEqual([
      ['老厂', 'OFFICE', 'Y'],
      ['新厂', 'FACTORY', 'Y'],
    ]);
    expect(after.credentials).toMatchObject([
      {
        credential_id: m.credential,
        credential_number: 'NEW-9001',
        expire_date: '2029-12-31',
        attachment_ids: file,
      },
    ]);
    expect(after.taxes.map((t) => [t.taxpayer_id_number, t.taxpayer_type])).toEqual([['91320500NEW', 'SMALL']]);
    expect(await rows(p, 'base_file', 'attachment_id', { attachment_id: Number(file) })).toMatchObject([
      { function_id: 'srmSlcSupplierCredential', business_id: m.credential },
    ]);
  });

  it.each([
    [
      'location',
      'UPDATE srm_slc_supplier_location SET location_name = ?, version_num = version_num + 1 WHERE location_id = ?',
    ],
    [
      'credential',
      'UPDATE srm_slc_supplier_credential SET credential_number = ?, version_num = version_num + 1 WHERE credential_id = ?',
    ],
    [
      'tax',
      'UPDATE srm_slc_supplier_tax SET taxpayer_id_number = ?, version_num = version_num + 1 WHERE supplier_tax_id = ?',
    ],
  ] as const)('a %s row edited after the submit gives 409, and nothing of the change is written', async (kind, sql) => {
    const { m, id } = await submittedLines();
    const before = await masterOf(m.supplierId);
    await runSql(p.server, sql, ['EDITED', m[kind]]);
    const answer = await act('manager01', 'approvalChangeInfo', { id });
    expectError(answer, 409);
    expect(answer.body.msg).toMatch(/changed, was removed/);
    expect((await rows(p, 'srm_slc_change_info', 'change_info_id', { change_info_id: id }))[0].status).toBe(
      'SUBMITTED',
    );
    const after = await masterOf(m.supplierId);
    // The edit itself stays; the change added, updated and removed nothing (one transaction).
    expect(after.locations.length).toBe(before.locations.length);
    expect(after.taxes.map((t) => t.supplier_tax_id)).toEqual(before.taxes.map((t) => t.supplier_tax_id));
    expect(after.credentials[0].credential_number).toBe(kind === 'credential' ? 'EDITED' : 'OLD-9001');
  });

  it('a row removed after the submit gives 409 too', async () => {
    const { m, id } = await submittedLines();
    await runSql(p.server, 'DELETE FROM srm_slc_supplier_credential WHERE credential_id = ?', [m.credential]);
    expectError(await act('manager01', 'approvalChangeInfo', { id }), 409);
  });

  it("UPDATE/DELETE lines must name the supplier's own rows; ADD lines none (400 naming the line)", async () => {
    const m = await supplierWithMaster();
    const other = await supplierWithMaster();
    const body = linesBody(m);
    (body.credentials as Body[])[0].sourceCredentialId = other.credential;
    expectError(await act('buyer01', 'saveOrUpdate', body), 400, ['credentials[0].sourceCredentialId']);
    const noSource = linesBody(m);
    delete (noSource.taxes as Body[])[0].sourceTaxId;
    expectError(await act('buyer01', 'saveOrUpdate', noSource), 400, ['taxes[0].sourceTaxId']);
    const addWithSource = linesBody(m);
    (addWithSource.locations as Body[])[0].sourceLocationId = m.location;
    expectError(await act('buyer01', 'saveOrUpdate', addWithSource), 400, ['locations[0].sourceLocationId']);
  });

  it('the demo draft change of supplier01 (seeds/demo/47a), submitted, opens for the approver and applies its location, credential and tax lines', async () => {
    // A draft, not a submitted change: supplier01 may have one change under approval, and the browser tests submit one.
    expectOk(await act('supplier01', 'submitChangeInfo', { id: 470001 }));
    const demo = expectOk(await act('manager01', 'findById', { id: 470001 }));
    expect(demo).toMatchObject({ supplierId: 1, status: 'SUBMITTED' });
    expect([demo.locations, demo.credentials, demo.taxes].map((l) => (l as Body[]).length)).toEqual([1, 1, 1]);
    expectOk(await act('manager01', 'approvalChangeInfo', { id: 470001, comment: 'ok' }));
    const credential = await rows(p, 'srm_slc_supplier_credential', 'credential_id', { credential_id: 270002 });
    expect(credential[0]).toMatchObject({ credential_number: 'CN-QMS-270701', expire_date: '2029-11-19' });
    const locations = await rows(p, 'srm_slc_supplier_location', 'location_id', { supplier_id: 1 });
    expect(locations.map((l) => l.location_name)).toContain('昆山仓库');
  });

  it("a supplier user drafts lines only for itself: another supplier's master rows are refused, its own are applied", async () => {
    // supplier01 is bound to supplier 1; the rows of a new supplier are not its own.
    const foreign = await supplierWithMaster();
    const body = { ...linesBody(foreign), supplierId: 1 };
    expectError(await act('supplier01', 'saveOrUpdate', body), 400, [
      'credentials[0].sourceCredentialId',
      'locations[1].sourceLocationId',
      'taxes[0].sourceTaxId',
    ]);
    const own = await rows(p, 'srm_slc_supplier_tax', 'supplier_tax_id', { supplier_id: 1 });
    const mine = expectOk(
      await act('supplier01', 'saveOrUpdate', {
        supplierId: 2,
        changeType: 'TAX',
        changeReason: 'invoice title',
        contacts: [],
        accounts: [],
        taxes: [
          {
            operationType: 'UPDATE',
            sourceTaxId: own[0].supplier_tax_id,
            taxpayerIdNumber: own[0].taxpayer_id_number,
            invoiceTitle: '新抬头',
          },
        ],
      }),
    );
    expect(mine).toMatchObject({ supplierId: 1, applicantUserType: 'EX' });
    expectError(await act('supplier02', 'findById', { id: mine.changeInfoId }), 404);
    expectError(await act('supplier02', 'submitChangeInfo', { id: mine.changeInfoId }), 404);
    expectOk(await act('supplier01', 'submitChangeInfo', { id: mine.changeInfoId }));
    expectOk(await act('manager01', 'approvalChangeInfo', { id: mine.changeInfoId, comment: 'ok' }));
    const applied = await rows(p, 'srm_slc_supplier_tax', 'supplier_tax_id', {
      supplier_tax_id: Number(own[0].supplier_tax_id),
    });
    expect(applied[0].invoice_title).toBe('新抬头');
  });
});
