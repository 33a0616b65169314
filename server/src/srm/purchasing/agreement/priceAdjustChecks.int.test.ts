import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../testing/apiAssertions';
import { rows, setState } from '../../../testing/proofFixtures';
import { proofServer } from '../../../testing/proofServer';
import { adjustAct, approvedAgreement, draftAdjust } from './priceAdjustFixtures';

/**
 * The submit checks of a price change, declared on the agreement it names (purPriceAdjust.json,
 * `reference` checks): the effective date within the agreement's validity (400 naming it, the
 * validity in the message) and the agreement still APPROVED (409); a refused submit leaves DRAFT.
 */
const p = proofServer('srm_price_adjust_checks');
let agreement: { id: number; lineIds: number[] };
beforeAll(async () => {
  agreement = await approvedAgreement(p);
});

const statusOf = async (id: number) =>
  (await rows(p, 'srm_pur_price_adjust', 'price_adjust_id', { price_adjust_id: id }))[0].status;

describe('submitting a price change', () => {
  it('refuses an effective date outside the agreement’s validity: 400 naming it, with the validity', async () => {
    const id = await draftAdjust(p, agreement, '2.1', '2027-01-05');
    const answer = await adjustAct(p, 'buyer01', 'doSubmit', { id });
    expectError(answer, 400, ['effectiveDate']);
    expect(answer.body.msg).toBe(
      "The effective date must lie within the agreement's validity (2026-01-01 to 2026-12-31)",
    );
    expect(await statusOf(id)).toBe('DRAFT');
  });

  it('refuses a change of an agreement that is no longer APPROVED (409)', async () => {
    const id = await draftAdjust(p, agreement, '2.2', '2026-08-01');
    await setState(p, 'srm_pur_agreement_header', 'status', 'agreement_header_id', agreement.id, 'CLOSED');
    const answer = await adjustAct(p, 'buyer01', 'doSubmit', { id });
    expectError(answer, 409);
    expect(answer.body.msg).toBe('The agreement is no longer approved; its prices cannot change');
    expect(await statusOf(id)).toBe('DRAFT');
  });
});
