import { expectOk } from '../../../testing/apiAssertions';
import { call, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';

/** Helpers of the price-change tests: an approved agreement of supplier01 and price changes on it. */
export const ADJ_RES = 'srmPurPriceAdjustRestful';
export const ADJ_MENU: Record<ProofUser, string> = {
  admin: 'PUR_PRICE_ADJUST',
  buyer01: 'PUR_PRICE_ADJUST',
  manager01: 'PUR_PRICE_ADJUST',
  supplier01: 'SUP_PRICE_ADJUST',
  supplier02: 'SUP_PRICE_ADJUST',
};
export const adjustAct = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, ADJ_MENU[user], ADJ_RES, action, body);

/** An APPROVED agreement of supplier01 (2026) for the power cord (item 7, 2.00) and copy paper (item 8, 20.00). */
export async function approvedAgreement(
  p: Proof,
  status: 'APPROVED' | 'DRAFT' = 'APPROVED',
): Promise<{ id: number; lineIds: number[] }> {
  const act = (user: ProofUser, action: string, body: Body) =>
    call(p, user, 'PUR_AGREEMENT', 'srmPurAgreementHeaderRestful', action, body);
  const saved = expectOk(
    await act('buyer01', 'saveOrUpdate', {
      agreementType: 'PRICE',
      supplierId: 1,
      orgId: 2,
      currencyCode: 'CNY',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      buyerId: 2,
      lines: [
        { lineNum: 1, itemId: 7, unitPriceExcl: '2', taxRate: '0.13' },
        { lineNum: 2, itemId: 8, unitPriceExcl: '20', taxRate: '0.13' },
      ],
    }),
  );
  const id = saved.agreementHeaderId as number;
  if (status === 'APPROVED') {
    expectOk(await act('buyer01', 'doSubmit', { id }));
    expectOk(await act('manager01', 'doApprove', { id }));
  }
  return { id, lineIds: (saved.lines as Body[]).map((l) => l.agreementLineId as number) };
}

/** A DRAFT price change of the agreement: line 1 to `newPrice` from `effectiveDate`. */
export async function draftAdjust(
  p: Proof,
  agreement: { id: number; lineIds: number[] },
  newPrice = '2.1',
  effectiveDate = '2026-07-01',
): Promise<number> {
  const saved = expectOk(
    await adjustAct(p, 'buyer01', 'saveOrUpdate', {
      agreementHeaderId: agreement.id,
      effectiveDate,
      reason: 'copper price',
      lines: [{ agreementLineId: agreement.lineIds[0], newPrice }],
    }),
  );
  return saved.priceAdjustId as number;
}

/** A price change APPROVED and waiting for supplier01. */
export async function approvedAdjust(
  p: Proof,
  agreement: { id: number; lineIds: number[] },
  newPrice?: string,
  effectiveDate?: string,
): Promise<number> {
  const id = await draftAdjust(p, agreement, newPrice, effectiveDate);
  expectOk(await adjustAct(p, 'buyer01', 'doSubmit', { id }));
  expectOk(await adjustAct(p, 'manager01', 'doApprove', { id }));
  return id;
}
