import { describe, expect, it } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { onMysql } from '../../../testing/secondProcess';
import { call, RESP, rows, type Body } from '../../../testing/proofFixtures';
import { addDays, today } from '../../../util/time';
import { proofServer } from '../../../testing/proofServer';

/**
 * The supplier master's invariants across two server processes on one MariaDB (docs/developer-guide.md,
 * "Invariants under concurrency"): one portal account per supplier, one warning per credential and
 * expiry date. The in-process variants are in supplierMaster.int.test.ts.
 */
const PORT = 21000 + (process.pid % 1000);
const ROUNDS = 3;
const p = proofServer('srm_supplier_master_race', { secondProcessPort: PORT });

let seq = 0;
async function newMaster(credentials: Body[] = []): Promise<{ id: number; code: string }> {
  seq += 1;
  const n = `${process.pid % 1000}${Date.now() % 100000}${seq}`.padStart(10, '0').slice(-10);
  const code = `R${n}`;
  const saved = expectOk(
    await call(p, 'buyer01', 'SLC_SUPPLIER_CREATE', 'srmSlcSupplierInfoRestful', 'saveOrUpdate', {
      supplierCode: code,
      supplierName: `并发供应商 ${code}`,
      supplierType: 'PRODUCTION',
      unifiedSocialCreditCode: `91320000${n}`,
      contacts: [{ contactName: '钱七', contactType: 'BUSINESS', email: `${code}@example.com`, primaryFlag: 'Y' }],
      credentials,
    }),
  );
  return { id: Number(saved.supplierId), code };
}

describe('supplier master invariants on two server processes', () => {
  it.skipIf(!onMysql)(`one portal account per supplier, ${ROUNDS} rounds`, async () => {
    const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'SLC_SUPPLIER_TO_PORTAL'));
    for (let round = 0; round < ROUNDS; round++) {
      const { id, code } = await newMaster();
      const answers = await Promise.all([
        p.server.call(
          'srmServer',
          'srmSlcSupplierInfoRestful',
          'doOpenPortalAccount',
          { supplierId: id, userName: `${code}a` },
          headers,
        ),
        p.other!.call(
          'srmServer',
          'srmSlcSupplierInfoRestful',
          'doOpenPortalAccount',
          { supplierId: id, userName: `${code}b` },
          headers,
        ),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await rows(p, 'base_users', 'user_id', { supplier_id: id })).toHaveLength(1);
    }
  });

  it.skipIf(!onMysql)(`one warning per credential and expiry date, ${ROUNDS} rounds`, async () => {
    const headers = sessionHeaders(p.sessions.buyer01, RESP.buyer01, await menuId(p.server, 'SLC_SUPPLIER_WARNING'));
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newMaster([
        { credentialType: 'ISO9001', credentialNumber: `Q-${round}-1`, expireDate: addDays(today(), 5) },
        { credentialType: 'ISO14001', credentialNumber: `Q-${round}-2`, expireDate: addDays(today(), 7) },
      ]);
      const answers = await Promise.all([
        p.server.call('srmServer', 'srmSlcSupplierWarningRestful', 'doCheckCredentialExpiry', {}, headers),
        p.other!.call('srmServer', 'srmSlcSupplierWarningRestful', 'doCheckCredentialExpiry', {}, headers),
      ]);
      answers.forEach((a) => expectOk(a));
      const warnings = await rows(p, 'srm_slc_supplier_warning', 'warning_id', { supplier_id: id });
      expect(warnings.map((w) => w.credential_number).sort()).toEqual([`Q-${round}-1`, `Q-${round}-2`]);
    }
  });
});
