import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../testing/apiAssertions';
import { call } from '../../../testing/proofFixtures';
import { adj, indexPrice, preset } from '../adjustment/adjustmentFixtures';
import { proofServer } from '../../../testing/proofServer';

/** Index prices and preset proportions (DOMAIN.md §3): internal reference data, validity lifecycle, findPresetProportion. */
const p = proofServer('srm_sml_setup');

describe('index prices', () => {
  it('are saved by period, one per raw material and period (409), with a yyyy-MM period (400)', async () => {
    const saved = expectOk(
      await indexPrice(p, 'buyer01', 'saveOrUpdate', {
        rawMaterialCode: 'STEEL',
        period: '2026-11',
        price: '4150.5',
        currencyCode: 'CNY',
        source: 'demo',
      }),
    );
    expect(saved).toMatchObject({ rawMaterialCode: 'STEEL', period: '2026-11', price: '4150.500000' });
    expectError(
      await indexPrice(p, 'buyer01', 'saveOrUpdate', {
        rawMaterialCode: 'STEEL',
        period: '2026-11',
        price: '1',
        currencyCode: 'CNY',
      }),
      409,
    );
    expectError(
      await indexPrice(p, 'buyer01', 'saveOrUpdate', {
        rawMaterialCode: 'STEEL',
        period: '2026-13',
        price: '1',
        currencyCode: 'CNY',
      }),
      400,
      ['period'],
    );
    expectError(
      await indexPrice(p, 'buyer01', 'saveOrUpdate', {
        rawMaterialCode: 'GOLD',
        period: '2026-10',
        price: '1',
        currencyCode: 'CNY',
      }),
      400,
      ['rawMaterialCode'],
    );
    const demo = expectOk(
      await indexPrice(p, 'buyer01', 'listByPage', { params: { rawMaterialCode: 'CU' }, pageIndex: 1, pageRows: 50 }),
    );
    expect(demo).toHaveLength(11);
  });

  it('are internal only: a supplier is refused (403)', async () => {
    const answer = await call(p, 'supplier01', 'SUP_SML_ADJUSTMENT', 'srmSmlIndexPriceRestful', 'listByPage', {
      pageIndex: 1,
      pageRows: 10,
    });
    expectError(answer, 403);
  });
});

describe('preset proportions', () => {
  it('follow the validity lifecycle: NEW → VALID → INVALID, 409 out of state, edits only while NEW', async () => {
    const saved = expectOk(
      await preset(p, 'buyer01', 'saveOrUpdate', {
        itemId: 6,
        supplierId: 5,
        rawMaterialCode: 'PULP',
        proportion: '0.6',
      }),
    );
    const id = saved.presetProportionId as number;
    expect(saved).toMatchObject({ status: 'NEW', itemCode: '1004000009', proportion: '0.6000' });
    expectError(await preset(p, 'buyer01', 'doInvalid', { id }), 409);
    expectOk(await preset(p, 'buyer01', 'doEnable', { id }));
    expectError(await preset(p, 'buyer01', 'doEnable', { id }), 409);
    expectError(await preset(p, 'buyer01', 'saveOrUpdate', { presetProportionId: id, proportion: '0.7' }), 409);
    expectOk(await preset(p, 'buyer01', 'doInvalid', { id }));
    expect(expectOk(await preset(p, 'buyer01', 'findById', { id })).status).toBe('INVALID');
  });

  it('refuses a proportion above 1 and a validity that ends before it starts (400)', async () => {
    expectError(
      await preset(p, 'buyer01', 'saveOrUpdate', { itemId: 6, rawMaterialCode: 'PULP', proportion: '1.5' }),
      400,
      ['proportion'],
    );
    expectError(
      await preset(p, 'buyer01', 'saveOrUpdate', {
        itemId: 6,
        rawMaterialCode: 'PULP',
        proportion: '0.5',
        validFrom: '2026-06-01',
        validTo: '2026-05-01',
      }),
      400,
      ['validTo'],
    );
  });

  it('findPresetProportion: valid rows at the date, the supplier’s own before the generic ones', async () => {
    const make = async (body: Record<string, unknown>) => {
      const saved = expectOk(
        await preset(p, 'buyer01', 'saveOrUpdate', { itemId: 5, rawMaterialCode: 'ABS', ...body }),
      );
      expectOk(await preset(p, 'buyer01', 'doEnable', { id: saved.presetProportionId }));
      return saved.presetProportionId as number;
    };
    const generic = await make({ proportion: '0.2' });
    const own = await make({ supplierId: 4, proportion: '0.45', validFrom: '2026-01-01', validTo: '2026-06-30' });
    const other = await make({ supplierId: 3, proportion: '0.3' });
    expectOk(
      await preset(p, 'buyer01', 'saveOrUpdate', {
        itemId: 5,
        supplierId: 4,
        rawMaterialCode: 'ABS',
        proportion: '0.9',
      }),
    ); // NEW: not valid
    // Only this test's ABS rows: the demo data has presets of item 5 for other raw materials (seeds 55c).
    const ids = async (body: Record<string, unknown>) =>
      (
        expectOk(await adj(p, 'buyer01', 'findPresetProportion', { itemId: 5, ...body })) as {
          presetProportionId: number;
          rawMaterialCode: string;
        }[]
      )
        .filter((r) => r.rawMaterialCode === 'ABS')
        .map((r) => r.presetProportionId);
    expect(await ids({ supplierId: 4, date: '2026-03-01' })).toEqual([own, generic]);
    expect(await ids({ supplierId: 4, date: '2026-07-01' })).toEqual([generic]);
    expect(await ids({ supplierId: 3 })).toEqual([other, generic]);
    expect(await ids({})).toEqual([generic]);
    const rows = expectOk(
      await adj(p, 'buyer01', 'findPresetProportion', { itemId: 5, supplierId: 4, date: '2026-03-01' }),
    );
    expect(rows[0]).toMatchObject({ proportion: '0.4500', rawMaterialCode: 'ABS', supplierId: 4 });
    expectError(await adj(p, 'buyer01', 'findPresetProportion', { itemId: 'x' }), 400, ['itemId']);
    expectError(await adj(p, 'buyer01', 'findPresetProportion', { itemId: 5, date: '03/01/2026' }), 400, ['date']);
  });

  it('are internal only: a supplier is refused (403)', async () => {
    const answer = await call(p, 'supplier01', 'SUP_SML_ADJUSTMENT', 'srmSmlPresetProportionRestful', 'listByPage', {
      pageIndex: 1,
      pageRows: 10,
    });
    expectError(answer, 403);
  });
});

describe('demo data', () => {
  it('opens every screen on rows for its users', async () => {
    const statuses = (
      expectOk(await adj(p, 'buyer01', 'listByPage', { pageIndex: 1, pageRows: 50 })) as { status: string }[]
    ).map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set(['DRAFT', 'SUBMITTED', 'APPROVED', 'CONFIRMED']));
    const supplier = (
      expectOk(await adj(p, 'supplier01', 'listByPage', { pageIndex: 1, pageRows: 50 })) as { status: string }[]
    ).map((r) => r.status);
    expect(supplier.sort()).toEqual(['APPROVED', 'CONFIRMED']);
    // the demo APPROVED adjustment is computed as the server would: recomputing its inputs gives the same price
    const approved = expectOk(await adj(p, 'manager01', 'viewJSGS', { adjustmentHeadId: 4 }));
    expect(approved[0]).toMatchObject({ result: '0.085785' });
    const listed = expectOk(
      await call(p, 'supplier01', 'SUP_SML_ADJUSTMENT_LIST', 'srmSmlAdjustmentListRestful', 'queryListByPage', {
        pageIndex: 1,
        pageRows: 10,
      }),
    );
    expect(listed.map((r: { newPrice: string }) => r.newPrice)).toEqual(['0.032638']);
    expect(
      expectOk(await preset(p, 'buyer01', 'listByPage', { pageIndex: 1, pageRows: 50 })).length,
    ).toBeGreaterThanOrEqual(3);
  });
});
