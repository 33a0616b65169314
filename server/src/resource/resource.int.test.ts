import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('resource_smoke');
});
afterAll(async () => {
  await server?.close();
});

describe('generic endpoints (smoke)', () => {
  it('lists seeded exchange rates with a page envelope', async () => {
    const { status, body } = await server.call('srmServer', 'srmBaseExchangeRateRestful', 'listByPage', {
      pageIndex: 1,
      pageRows: 20,
    });
    expect(status).toBe(200);
    expect(body.code).toBe('S');
    expect(body.page).toMatchObject({ pageIndex: 1, pageRows: 20, countExact: true });
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('creates a requisition with two lines in one save and computes amounts exactly', async () => {
    const { status, body } = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'saveOrUpdate', {
      requisitionType: 'PRODUCTION',
      orgId: 2,
      invOrgId: 5,
      requesterId: 2,
      requisitionDate: '2026-11-22',
      currencyCode: 'CNY',
      lines: [
        {
          lineNum: 1,
          itemId: 1,
          itemCode: '1001000012',
          itemName: 'Screw',
          categoryId: 3,
          uomCode: 'PCS',
          quantity: '20000',
          estimatedPrice: '0.085',
          needByDate: '2026-12-10',
        },
        {
          lineNum: 2,
          itemId: 2,
          itemCode: '1001000047',
          itemName: 'Nut',
          categoryId: 3,
          uomCode: 'PCS',
          quantity: '3',
          estimatedPrice: '0.005',
          needByDate: '2026-12-10',
        },
      ],
    });
    expect(body.errors ?? []).toEqual([]);
    expect(status).toBe(200);
    expect(body.data.requisitionNumber).toMatch(/^PR\d{8}\d{4}$/);
    expect(body.data.status).toBe('DRAFT');
    expect(body.data.lines.map((l: { amount: string }) => l.amount)).toEqual(['1700.00', '0.02']);
    expect(body.data.totalAmount).toBe('1700.02');
    // Item code and name come from the material master, not from what the client sent.
    expect(body.data.lines[0]).toMatchObject({ itemCode: '1001000012', itemName: '不锈钢十字盘头螺钉 M3×8' });
  });
});

describe('lifecycle actions (state-guarded)', () => {
  it('submits a draft once; a second submit answers 409 and changes nothing', async () => {
    const created = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'saveOrUpdate', {
      requisitionType: 'PRODUCTION',
      orgId: 2,
      invOrgId: 5,
      requesterId: 2,
      requisitionDate: '2026-11-22',
      currencyCode: 'CNY',
    });
    const id = created.body.data.requisitionHeaderId;
    const first = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'doSubmit', { id });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('SUBMITTED');
    const second = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'doSubmit', { id });
    expect(second.status).toBe(409);
    expect(second.body.status).toBe('E');
    const reread = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'findById', { id });
    expect(reread.body.data.versionNum).toBe(first.body.data.versionNum);
  });
});

describe('text fields hold their full declared length on both engines', () => {
  const base = {
    requisitionType: 'PRODUCTION',
    orgId: 2,
    invOrgId: 5,
    requesterId: 2,
    requisitionDate: '2026-11-22',
    currencyCode: 'CNY',
  };

  it('stores 16,383 Chinese characters (4-byte utf8mb4 worst case fits MySQL TEXT) and refuses one more', async () => {
    const ok = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'saveOrUpdate', {
      ...base,
      description: '采'.repeat(16383),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.description).toHaveLength(16383);
    const tooLong = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'saveOrUpdate', {
      ...base,
      description: '采'.repeat(16384),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'description', message: expect.any(String) }]);
  });
});

describe('requisition totals', () => {
  it('are the sum of the rounded line amounts, never a cent off', async () => {
    const line = (lineNum: number, quantity: string, estimatedPrice: string) => ({
      lineNum,
      itemId: 1,
      categoryId: 3,
      uomCode: 'PCS',
      quantity,
      estimatedPrice,
      needByDate: '2026-12-10',
    });
    const { body } = await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'saveOrUpdate', {
      requisitionType: 'PRODUCTION',
      orgId: 2,
      invOrgId: 5,
      requesterId: 2,
      requisitionDate: '2026-11-22',
      currencyCode: 'CNY',
      lines: [line(1, '1', '2.685'), line(2, '1', '1.005')],
    });
    expect(body.data.lines.map((l: { amount: string }) => l.amount)).toEqual(['2.69', '1.01']);
    expect(body.data.totalAmount).toBe('3.70');
  });
});

describe('tiny decimals', () => {
  it('lists a rate of 0.0000001 as a plain decimal string (SQLite returns it as a double)', async () => {
    const saved = await server.call('srmServer', 'srmBaseExchangeRateRestful', 'saveOrUpdate', {
      fromCurrency: 'JPY',
      toCurrency: 'USD',
      rateType: 'SPOT',
      rate: 0.0000001,
      rateDate: '2030-01-02',
    });
    expect(saved.status).toBe(200);
    const list = await server.call('srmServer', 'srmBaseExchangeRateRestful', 'listByPage', {
      filter: { field: 'exchangeRateId', op: 'eq', value: saved.body.data.exchangeRateId },
    });
    expect(list.status).toBe(200);
    expect(list.body.data[0].rate).toBe('0.00000010');
  });
});
