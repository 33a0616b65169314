import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../resource/context';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { menuId, sessionHeaders } from '../../../testing/authFixtures';
import { signIn } from '../../../testing/sessions';
import { startTestServer, type TestServer } from '../../../testing/testServer';
import { findMaterialPrice, type PriceQuery } from './materialPrices';

/** findMaterialPrice (DOMAIN.md §5.8): validity dates, organisation, price breaks, minimum quantity and the supplier preference. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('srm_material_price');
});
afterAll(async () => {
  await server?.close();
});

const find = (query: PriceQuery) =>
  server.kernel.db.transaction((tx) => findMaterialPrice(tx, server.kernel.registry, query));

/** A VALID manual price of item 7 (the power cord, no demo prices) for 2026. */
async function price(values: Record<string, unknown>): Promise<number> {
  const model = server.kernel.registry.entity('srmPurMaterialPrice')!;
  return server.kernel.db.transaction((tx) =>
    server.kernel.resources.writer.insert(
      tx,
      model,
      {
        itemId: 7,
        itemCode: '2001000301',
        orgId: 2,
        currencyCode: 'CNY',
        taxRate: '0.1300',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        sourceType: 'MANUAL',
        priceStatus: 'VALID',
        ...values,
      },
      systemContext(),
    ),
  );
}

describe('the demo price of flow 2', () => {
  it('the M3×8 screw for 子午线电子 this year: supplier01 at 0.0850 excl. VAT 13 %, from its agreement line', async () => {
    const found = await find({ itemId: 1, orgId: 2, onDate: '2026-11-26', quantity: '20000' });
    expect(found).toMatchObject({
      supplierId: 1,
      unitPriceExcl: '0.085000',
      taxRate: '0.1300',
      unitPriceIncl: '0.096050',
      agreementLineId: 1,
      sourceType: 'AGREEMENT',
      sourceDocNumber: 'PA202601020001',
    });
  });

  it('a plant of the company finds the company price; another company finds none', async () => {
    expect((await find({ itemId: 1, orgId: 5, onDate: '2026-06-01' }))?.supplierId).toBe(1);
    expect(await find({ itemId: 1, orgId: 7, onDate: '2026-06-01' })).toBeNull();
  });

  it('validity dates: none before the agreement, none after; the expired 2025 price is not used', async () => {
    expect(await find({ itemId: 1, orgId: 2, onDate: '2025-06-01' })).toBeNull();
    expect(await find({ itemId: 1, orgId: 2, onDate: '2027-01-01' })).toBeNull();
    expect((await find({ itemId: 1, orgId: 2, onDate: '2026-01-01' }))?.unitPriceExcl).toBe('0.085000');
    expect((await find({ itemId: 1, orgId: 2, onDate: '2026-12-31' }))?.unitPriceExcl).toBe('0.085000');
  });

  it('price breaks apply by quantity (the capacitor: 0.0065, from 100,000 PCS 0.0060)', async () => {
    expect((await find({ itemId: 4, orgId: 2, onDate: '2026-06-01', quantity: 99999 }))?.unitPriceExcl).toBe(
      '0.006500',
    );
    expect(await find({ itemId: 4, orgId: 2, onDate: '2026-06-01', quantity: '100000' })).toMatchObject({
      unitPriceExcl: '0.006000',
      baseUnitPriceExcl: '0.006500',
      unitPriceIncl: '0.006780',
    });
    expect((await find({ itemId: 4, orgId: 2, onDate: '2026-06-01' }))?.unitPriceExcl).toBe('0.006500');
  });

  it('a supplier filter answers that supplier only', async () => {
    expect(await find({ itemId: 1, orgId: 2, onDate: '2026-06-01', supplierId: 2 })).toBeNull();
  });

  it('a quantity that is not a number is a 400', async () => {
    await expect(find({ itemId: 1, orgId: 2, onDate: '2026-06-01', quantity: 'many' })).rejects.toMatchObject({
      httpStatus: 400,
    });
  });
});

describe('preference among suppliers', () => {
  it('quota first, then the lowest price for the quantity, then the lowest supplier id; per supplier the latest start', async () => {
    // supplier 3: 1.20 (no quota); supplier 4: 1.10 (no quota) → 4 (cheaper)
    await price({ supplierId: 3, unitPriceExcl: '1.200000' });
    await price({ supplierId: 4, unitPriceExcl: '1.100000' });
    expect((await find({ itemId: 7, orgId: 2, onDate: '2026-06-01' }))?.supplierId).toBe(4);
    // supplier 3's breaks make it cheaper from 1,000 pieces
    await price({
      supplierId: 3,
      unitPriceExcl: '1.200000',
      validFrom: '2026-03-01',
      priceBreaks: [{ fromQty: '1000.0000', unitPriceExcl: '1.000000' }],
    });
    expect((await find({ itemId: 7, orgId: 2, onDate: '2026-06-01', quantity: '1000' }))?.supplierId).toBe(3);
    expect((await find({ itemId: 7, orgId: 2, onDate: '2026-02-01', quantity: '1000' }))?.supplierId).toBe(4);
    // a quota beats a lower price
    await price({ supplierId: 2, unitPriceExcl: '1.500000', quotaPercent: '0.7000' });
    expect(await find({ itemId: 7, orgId: 2, onDate: '2026-06-01', quantity: '1000' })).toMatchObject({
      supplierId: 2,
      unitPriceExcl: '1.500000',
      quotaPercent: '0.7000',
    });
    // equal quota and price: the lower supplier id
    await price({ supplierId: 6, unitPriceExcl: '1.500000', quotaPercent: '0.7000' });
    await price({ supplierId: 5, unitPriceExcl: '1.500000', quotaPercent: '0.7000' });
    expect((await find({ itemId: 7, orgId: 2, onDate: '2026-06-01' }))?.supplierId).toBe(2);
  });

  it('minimum quantity and status: a price above the ordered quantity or not VALID is skipped', async () => {
    await price({ itemId: 8, itemCode: '5001000001', supplierId: 6, unitPriceExcl: '18.000000', minQty: '500.0000' });
    await price({
      itemId: 8,
      itemCode: '5001000001',
      supplierId: 3,
      unitPriceExcl: '19.000000',
      priceStatus: 'INVALID',
    });
    await price({ itemId: 8, itemCode: '5001000001', supplierId: 4, unitPriceExcl: '21.000000' });
    expect((await find({ itemId: 8, orgId: 2, onDate: '2026-06-01', quantity: '100' }))?.supplierId).toBe(4);
    expect((await find({ itemId: 8, orgId: 2, onDate: '2026-06-01', quantity: '500' }))?.supplierId).toBe(6);
    expect((await find({ itemId: 8, orgId: 2, onDate: '2026-06-01' }))?.supplierId).toBe(6);
  });
});

describe("findByItem: an item's price history through the caller's scope", () => {
  const asUser = async (user: string, resp: number, menu: string, body: Record<string, unknown>) =>
    server.call(
      'srmServer',
      'srmPurMaterialPriceRestful',
      'findByItem',
      body,
      sessionHeaders(await signIn(server.baseUrl, user), resp, await menuId(server, menu)),
    );

  it("a buyer sees every supplier's rows of the item, newest start first; supplier01 only its own", async () => {
    const buyer = expectOk<{ supplierId: number; validFrom: string }[]>(
      await asUser('buyer01', 101, 'PUR_MATERIAL_PRICE', { itemId: 1 }),
    );
    expect(buyer.map((r) => r.validFrom)).toEqual(['2026-01-01', '2025-01-01']);
    const other = expectOk<unknown[]>(await asUser('supplier02', 104, 'SUP_MATERIAL_PRICE', { itemId: 1 }));
    expect(other).toEqual([]);
    const own = expectOk<{ supplierId: number }[]>(
      await asUser('supplier01', 104, 'SUP_MATERIAL_PRICE', { itemId: 1, orgId: 2 }),
    );
    expect(own.map((r) => r.supplierId)).toEqual([1, 1]);
  });

  it('a bad itemId is a 400 naming it', async () => {
    expectError(await asUser('buyer01', 101, 'PUR_MATERIAL_PRICE', { itemId: 'x' }), 400, ['itemId']);
  });
});
