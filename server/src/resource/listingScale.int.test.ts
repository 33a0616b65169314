import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, expectOk } from '../testing/apiAssertions';
import { RATE, RATE_TABLE } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

/** listByPage on a table above the count cap (10,000): capped count, fast page 1, correct deep pages. */
const BULK = 10_050;
const DAY = 86_400_000;
const dateOf = (k: number) => new Date(Date.UTC(2000, 0, 1) + k * DAY).toISOString().slice(0, 10);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('listing_scale');
  const q = server.kernel.db.dialect.quote;
  const columns = [
    'from_currency',
    'to_currency',
    'rate_type',
    'rate',
    'rate_date',
    'valid_from',
    'valid_to',
    'status',
    'creation_date',
    'last_update_date',
    'version_num',
  ];
  const stamp = '2026-11-22 08:00:00';
  await server.kernel.db.transaction(async (tx) => {
    for (let start = 0; start < BULK; start += 500) {
      const chunk = Array.from({ length: Math.min(500, BULK - start) }, (_, i) => start + i);
      await tx.execute(
        `INSERT INTO ${q(RATE_TABLE)} (${columns.map(q).join(', ')}) VALUES ${chunk.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ')}`,
        chunk.flatMap((k) => [
          'GBP',
          'CNY',
          'SPOT',
          `9.${String(k).padStart(5, '0')}`,
          dateOf(k),
          dateOf(k),
          dateOf(k),
          'VALID',
          stamp,
          stamp,
          1,
        ]),
      );
    }
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function list(body: Record<string, unknown>) {
  const answer = await server.call('srmServer', RATE, 'listByPage', body);
  const rows = expectOk<Record<string, any>[]>(answer);
  return { rows, page: answer.body.page };
}

describe('a table above the count cap', () => {
  it('holds the bulk rows plus the 14 seeded ones', async () => {
    expect(await countRows(server, RATE_TABLE)).toBe(BULK + 14);
  });

  it('answers page 1 with 20 rows and a count flagged as not exact, at least 10,001', async () => {
    const { rows, page } = await list({ pageIndex: 1, pageRows: 20 });
    expect(rows).toHaveLength(20);
    expect(page.countExact).toBe(false);
    expect(page.count).toBeGreaterThanOrEqual(10_001);
    expect(page).toMatchObject({ pageIndex: 1, pageRows: 20 });
  });

  it('flags a filtered count above the cap as not exact too', async () => {
    const { rows, page } = await list({ params: { fromCurrency: 'GBP' }, pageRows: 50 });
    expect(rows).toHaveLength(50);
    expect(page.countExact).toBe(false);
    expect(page.count).toBeGreaterThanOrEqual(10_001);
  });

  it('counts exactly below the cap', async () => {
    const { page } = await list({ params: { fromCurrency: 'USD' } });
    expect(page).toMatchObject({ count: 6, countExact: true });
    const dated = await list({
      filter: { field: 'rateDate', op: 'between', value: [dateOf(100), dateOf(9_099)] },
      params: { fromCurrency: 'GBP' },
    });
    expect(dated.page).toMatchObject({ count: 9_000, countExact: true });
  });

  it('reads a deep page (offset 9,975) in order through the deferred join', async () => {
    const { rows } = await list({
      params: { fromCurrency: 'GBP' },
      orderBy: 'rateDate asc',
      pageIndex: 400,
      pageRows: 25,
    });
    expect(rows.map((r) => r.rateDate)).toEqual(Array.from({ length: 25 }, (_, i) => dateOf(9_975 + i)));
    expect(rows[0]).toMatchObject({ fromCurrency: 'GBP', rate: '9.09975000', status: 'VALID' });
  });

  it('reads the last page and an empty one after it', async () => {
    const last = await list({
      params: { fromCurrency: 'GBP' },
      orderBy: 'rateDate desc',
      pageIndex: 21,
      pageRows: 500,
    });
    expect(last.rows).toHaveLength(50);
    expect(last.rows[49].rateDate).toBe(dateOf(0));
    const beyond = await list({ params: { fromCurrency: 'GBP' }, pageIndex: 22, pageRows: 500 });
    expect(beyond.rows).toEqual([]);
  });

  it('sorts a deep page by a decimal with the key as tie-breaker', async () => {
    const { rows } = await list({
      params: { fromCurrency: 'GBP' },
      orderBy: 'rate desc',
      pageIndex: 50,
      pageRows: 200,
    });
    expect(rows).toHaveLength(200);
    expect(rows.map((r) => r.rate)).toEqual(
      Array.from({ length: 200 }, (_, i) => `9.${String(BULK - 1 - 9_800 - i).padStart(5, '0')}000`),
    );
  });
});
