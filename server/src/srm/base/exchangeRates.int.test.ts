import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/apiError';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { BASE_CURRENCY, toBaseCurrency } from './exchangeRates';

/** Against the demo rates (seeds/demo/06-exchange-rates.json: USD→CNY 7.12 CORPORATE, November 2026). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('base_exchange_rates');
});
afterAll(async () => {
  await server?.close();
});

const convert = (amount: string, currency: string, onDate: string) =>
  server.kernel.db.transaction((tx) => toBaseCurrency(tx, server.kernel.registry, amount, currency, onDate));

describe('amounts in the base currency', () => {
  it('multiplies by the rate valid on the date, exactly, to 2 decimals', async () => {
    expect(await convert('100.00', 'USD', '2026-11-15')).toBe('712.00');
    expect(await convert('7022.48', 'USD', '2026-11-15')).toBe('50000.06');
    expect(await convert('0.01', 'USD', '2026-11-15')).toBe('0.07');
    expect(await convert('1921.00', BASE_CURRENCY, '1999-01-01')).toBe('1921.00');
  });

  it('refuses a date without a valid rate with a 400 that names the pair and the date', async () => {
    const error = await convert('1.00', 'USD', '2020-01-01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(400);
    expect((error as ApiError).message).toContain('USD→CNY');
  });
});
