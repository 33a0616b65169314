import { expect } from 'vitest';
import { expectOk } from '../../../testing/apiAssertions';
import type { Body, Proof } from '../../../testing/proofFixtures';
import { act, submitted, supplierRow, supplierWithSites, type TestSupplier } from '../status/statusFixtures';

/** An EFFECTIVE blacklist of a fresh supplier with two sites (approved by manager01). */
export async function effectiveBlacklist(p: Proof, extra: Body): Promise<{ id: number; s: TestSupplier }> {
  const s = await supplierWithSites(p);
  const body = {
    supplierId: s.supplierId,
    blacklistReason: 'BREACH',
    reasonDesc: '多次延迟交付 / repeated late deliveries',
    startDate: '2026-01-01',
    ...extra,
  };
  const id = await submitted(p, 'blacklist', body);
  expectOk(await act(p, 'blacklist', 'manager01', 'doApprove', { id, comment: 'ok' }));
  expect((await supplierRow(p, s.supplierId)).supplier_status).toBe('BLACKLIST');
  return { id, s };
}
