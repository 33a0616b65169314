import { expectOk } from '../../../testing/apiAssertions';
import { systemContext } from '../../../resource/context';
import { call, type Body, type Proof, type ProofUser } from '../../../testing/proofFixtures';
import { PriceList } from '../../purchasing/price/contract';

/** Helpers of the price-adjustment tests (DOMAIN.md §3). */
export const HEAD_RES = 'srmSmlAdjustmentHeadRestful';
export const LIST_RES = 'srmSmlAdjustmentListRestful';
export const ADJ_MENU: Record<ProofUser, string> = {
  admin: 'SML_ADJUSTMENT',
  buyer01: 'SML_ADJUSTMENT',
  manager01: 'SML_ADJUSTMENT',
  supplier01: 'SUP_SML_ADJUSTMENT',
  supplier02: 'SUP_SML_ADJUSTMENT',
};
export const LIST_MENU: Record<ProofUser, string> = {
  admin: 'SML_ADJUSTMENT_LIST',
  buyer01: 'SML_ADJUSTMENT_LIST',
  manager01: 'SML_ADJUSTMENT_LIST',
  supplier01: 'SUP_SML_ADJUSTMENT_LIST',
  supplier02: 'SUP_SML_ADJUSTMENT_LIST',
};
export const adj = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, ADJ_MENU[user], HEAD_RES, action, body);
export const list = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, LIST_MENU[user], LIST_RES, action, body);
export const preset = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, 'SML_PRESET_PROPORTION', 'srmSmlPresetProportionRestful', action, body);
export const indexPrice = (p: Proof, user: ProofUser, action: string, body: Body) =>
  call(p, user, 'SML_INDEX_PRICE', 'srmSmlIndexPriceRestful', action, body);

/** The power cord (item 7) has no demo price: a MANUAL price of supplier01 (2.00) and supplier02 (3.00) at ME01 for 2026. */
export async function seedPrices(p: Proof): Promise<void> {
  const { kernel } = p.server;
  const prices = new PriceList(kernel.registry, kernel.resources.writer, kernel.db.dialect);
  await kernel.db.transaction(async (tx) => {
    for (const [supplierId, price] of [
      [1, '2.000000'],
      [2, '3.000000'],
    ] as const)
      await prices.insert(
        tx,
        {
          itemId: 7,
          itemCode: '2001000301',
          supplierId,
          orgId: 2,
          currencyCode: 'CNY',
          unitPriceExcl: price,
          taxRate: '0.1300',
          minQty: null,
          priceBreaks: [],
          quotaPercent: null,
          validFrom: '2026-01-01',
          validTo: '2026-12-31',
          sourceType: 'MANUAL',
          sourceDocNumber: null,
          agreementLineId: null,
        },
        systemContext(),
      );
  });
}

/** A VALID preset for the power cord: supplier01's own (copper 0.5) and a generic one (copper 0.2). */
export async function seedPresets(p: Proof): Promise<{ own: number; generic: number }> {
  const ids: number[] = [];
  for (const body of [
    {
      itemId: 7,
      supplierId: 1,
      rawMaterialCode: 'CU',
      proportion: '0.5',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
    },
    { itemId: 7, rawMaterialCode: 'CU', proportion: '0.2' },
  ]) {
    const saved = expectOk(await preset(p, 'buyer01', 'saveOrUpdate', body));
    expectOk(await preset(p, 'buyer01', 'doEnable', { id: saved.presetProportionId }));
    ids.push(saved.presetProportionId as number);
  }
  return { own: ids[0], generic: ids[1] };
}

/**
 * A DRAFT index-linked adjustment of supplier `supplierId` for the power cord, copper 2026-01 → 2026-11
 * (68000 → 75200), effective `effectiveDate`, estimated 1000; its inputs are left to the server.
 */
export async function draftAdjustment(
  p: Proof,
  o: { user?: ProofUser; supplierId?: number; effectiveDate?: string; lines?: Body[] } = {},
): Promise<number> {
  const saved = expectOk(
    await adj(p, o.user ?? 'buyer01', 'saveOrUpdate', {
      adjustmentType: 'LINKAGE',
      supplierId: o.supplierId ?? 1,
      orgId: 2,
      currencyCode: 'CNY',
      basePeriod: '2026-01',
      targetPeriod: '2026-11',
      effectiveDate: o.effectiveDate ?? '2026-12-01',
      reason: 'copper',
      lines: o.lines ?? [{ itemId: 7, estimatedQty: '1000' }],
    }),
  );
  return saved.adjustmentHeadId as number;
}

/** An adjustment APPROVED by manager01, awaiting the supplier. */
export async function approvedAdjustment(p: Proof, o: Parameters<typeof draftAdjustment>[1] = {}): Promise<number> {
  const id = await draftAdjustment(p, o);
  expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
  expectOk(await adj(p, 'manager01', 'approvalAdjustment', { id }));
  return id;
}
