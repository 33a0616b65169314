import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { tableRows } from '../../../testing/apiAssertions';
import { decimalText } from '../../../util/decimal';
import { adj, draftAdjustment, seedPrices } from './adjustmentFixtures';
import { proofServer } from '../../../testing/proofServer';

/**
 * A computed value keeps its field's bounds (newPrice: min 0), whoever computes it: a formula that
 * yields a negative price is refused on save and on compAdjustment, naming the line's field, and
 * nothing negative reaches the adjustment or the price list.
 */
const p = proofServer('srm_sml_adjustment_bounds');
beforeAll(async () => {
  await seedPrices(p);
});

const line = (extra: Record<string, unknown> = {}) => ({
  itemId: 8,
  oldPrice: '10',
  taxRate: '0.13',
  formulaText: 'oldPrice - 1000',
  estimatedQty: '1',
  ...extra,
});
const body = (lines: Record<string, unknown>[]) => ({
  adjustmentType: 'LINKAGE',
  supplierId: 1,
  orgId: 2,
  currencyCode: 'CNY',
  effectiveDate: '2026-12-01',
  reason: 'probe',
  lines,
});
const storedLines = () => tableRows(p.server, 'srm_sml_adjustment_line', 'adjustment_line_id');
const negativePrices = async () =>
  (await tableRows(p.server, 'srm_pur_material_price', 'material_price_id')).filter(
    (r) => Number(r.unit_price_excl) < 0,
  );

describe('a formula that yields a negative new price', () => {
  it('is refused on save: 400 naming lines[0].newPrice, nothing written', async () => {
    const before = (await storedLines()).length;
    const answer = await adj(p, 'buyer01', 'saveOrUpdate', body([line()]));
    expectError(answer, 400, ['lines[0].newPrice']);
    expect((await storedLines()).length).toBe(before);
  });

  it('is refused when compAdjustment recomputes a stored line; the line keeps its price and nothing negative is priced', async () => {
    // A posted new price is kept on save; compAdjustment then recomputes it by the formula (−990).
    const id = await draftAdjustment(p, { lines: [line({ newPrice: '5' })] });
    const answer = await adj(p, 'buyer01', 'compAdjustment', { id });
    expectError(answer, 400, ['lines[0].newPrice']);
    const [stored] = (await storedLines()).filter((r) => Number(r.adjustment_head_id) === id);
    expect(decimalText(stored.new_price, 6)).toBe('5.000000');
    expectOk(await adj(p, 'buyer01', 'submitAdjustment', { id }));
    expect(await negativePrices()).toEqual([]);
  });

  it('a formula that stays at or above 0 saves as before', async () => {
    const id = await draftAdjustment(p, { lines: [line({ formulaText: 'oldPrice - 10' })] });
    const [stored] = (await storedLines()).filter((r) => Number(r.adjustment_head_id) === id);
    expect(decimalText(stored.new_price, 6)).toBe('0.000000');
  });
});
