import type { FilterNode } from '@meridian/metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../testing/apiAssertions';
import { runSql } from '../testing/authFixtures';
import { createRequisition, RATE, REQ } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
/**
 * Three requisitions of company 7 (the seeds are all company 2) with tricky text for "contains",
 * for a plant and a department of company 7 added here (a plant must belong to the company).
 */
let a: number, b: number, c: number;
beforeAll(async () => {
  server = await startTestServer('listing');
  for (const [id, code, name, nameEn, type] of [
    [903, 'DG01', '东莞一厂', 'Dongguan Plant 1', 'INV_ORG'],
    [904, 'ME02-PRD', '东莞生产部', 'Dongguan Production', 'DEPT'],
  ]) {
    await runSql(
      server,
      'INSERT INTO base_organization (org_id, org_code, org_name, org_name_en, org_type, parent_org_id, company_id, legal_entity_flag, enabled_flag, version_num) VALUES (?, ?, ?, ?, ?, 7, 7, ?, ?, 1)',
      [id, code, name, nameEn, type, 'N', 'Y'],
    );
  }
  const company7 = { orgId: 7, invOrgId: 903 };
  a = (
    await createRequisition(server, { ...company7, billTypeCode: 'A_B', description: 'Budget 50% OFF', deptId: 904 })
  ).requisitionHeaderId;
  b = (
    await createRequisition(server, { ...company7, billTypeCode: 'AXB', description: 'Budget 50X off', deptId: null })
  ).requisitionHeaderId;
  c = (await createRequisition(server, { ...company7, billTypeCode: 'A\\B', description: '$100 budget', deptId: null }))
    .requisitionHeaderId;
});
afterAll(async () => {
  await server?.close();
});

type Row = Record<string, any>;
async function list(resource: string, body: Record<string, unknown>): Promise<{ rows: Row[]; page: Row }> {
  const answer = await server.call('srmServer', resource, 'listByPage', { pageIndex: 1, pageRows: 100, ...body });
  const rows = expectOk<Row[]>(answer);
  return { rows, page: answer.body.page };
}
const rateIds = async (body: Record<string, unknown>) =>
  (await list(RATE, body)).rows.map((r) => r.exchangeRateId as number);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);
const company7 = (filter?: FilterNode): Record<string, unknown> => ({
  filter: filter ? { and: [{ field: 'orgId', op: 'eq', value: 7 }, filter] } : { field: 'orgId', op: 'eq', value: 7 },
});
const reqIds = async (body: Record<string, unknown>) =>
  sorted((await list(REQ, body)).rows.map((r) => r.requisitionHeaderId as number));

describe('params (the grid search form)', () => {
  it('matches lookup fields by equality', async () => {
    expect(sorted(await rateIds({ params: { fromCurrency: 'USD' } }))).toEqual([1, 5, 9, 10, 11, 12]);
    expect(sorted(await rateIds({ params: { fromCurrency: 'US' } }))).toEqual([]);
  });

  it('matches integer fields by equality and lists by "any of"', async () => {
    expect(sorted(await rateIds({ params: { exchangeRateId: 4 } }))).toEqual([4]);
    expect(sorted(await rateIds({ params: { status: ['NEW', 'INVALID'], fromCurrency: 'EUR' } }))).toEqual([6, 13]);
  });

  it('matches string fields by "contains", case-insensitively', async () => {
    expect(await reqIds({ params: { requisitionNumber: 'R2026110500' } })).toEqual([2]);
    expect(await reqIds({ params: { description: 'BUDGET 50' } })).toEqual([a, b].sort((x, y) => x - y));
  });

  it('skips empty params', async () => {
    expect(sorted(await rateIds({ params: { fromCurrency: '', toCurrency: null, status: [] } }))).toHaveLength(14);
  });

  it('treats % and _ in a contains search literally', async () => {
    expect(await reqIds({ params: { billTypeCode: '_' } })).toEqual([a]);
    expect(await reqIds({ params: { description: '50%' } })).toEqual([a]);
    expect(await reqIds({ params: { billTypeCode: '%' } })).toEqual([]);
    expect(await reqIds({ filter: { field: 'billTypeCode', op: 'like', value: 'A_B' } })).toEqual([a]);
  });

  it('treats a backslash in a contains search literally', async () => {
    expect(await reqIds({ params: { billTypeCode: 'A\\B' } })).toEqual([c]);
  });

  it('treats text starting with $ in params as text, not as a filter variable', async () => {
    expect(await reqIds({ params: { description: '$100' } })).toEqual([c]);
    expect(await reqIds({ params: { description: '$user' } })).toEqual([]);
  });
});

describe('filter AST', () => {
  it('combines and / or', async () => {
    expect(
      sorted(
        await rateIds({
          filter: {
            and: [
              { field: 'fromCurrency', op: 'eq', value: 'USD' },
              { field: 'rateType', op: 'eq', value: 'CORPORATE' },
            ],
          },
        }),
      ),
    ).toEqual([1, 5, 9, 12]);
    expect(
      sorted(
        await rateIds({
          filter: {
            or: [
              { field: 'fromCurrency', op: 'in', value: ['EUR', 'JPY'] },
              { field: 'rateType', op: 'eq', value: 'SPOT' },
            ],
          },
        }),
      ),
    ).toEqual([2, 3, 6, 7, 10, 13, 14]);
  });

  it('negates with not', async () => {
    expect(sorted(await rateIds({ filter: { not: { field: 'status', op: 'eq', value: 'VALID' } } }))).toEqual([
      5, 6, 7, 8, 9, 12, 13, 14,
    ]);
  });

  it('supports in, nin and ne', async () => {
    expect(sorted(await rateIds({ filter: { field: 'status', op: 'in', value: ['NEW'] } }))).toEqual([12, 13, 14]);
    expect(
      sorted(await rateIds({ filter: { field: 'fromCurrency', op: 'nin', value: ['USD', 'EUR', 'JPY'] } })),
    ).toEqual([4, 8]);
    expect(sorted(await rateIds({ filter: { field: 'rateType', op: 'ne', value: 'CORPORATE' } }))).toEqual([10, 11]);
  });

  it('supports between on dates and on decimals (numerically, not as text)', async () => {
    expect(
      sorted(await rateIds({ filter: { field: 'rateDate', op: 'between', value: ['2026-10-01', '2026-10-31'] } })),
    ).toEqual([5, 6, 7, 8, 11]);
    expect(sorted(await rateIds({ filter: { field: 'rate', op: 'between', value: ['7.1', '7.2'] } }))).toEqual([
      1, 9, 10, 11, 12,
    ]);
    expect(sorted(await rateIds({ filter: { field: 'rate', op: 'lt', value: 1 } }))).toEqual([3, 4, 7, 8, 14]);
  });

  it('supports gt / gte / lt / lte', async () => {
    expect(
      sorted(
        await rateIds({
          filter: {
            and: [
              { field: 'rateDate', op: 'gte', value: '2026-11-20' },
              { field: 'rateDate', op: 'lte', value: '2026-12-01' },
            ],
          },
        }),
      ),
    ).toEqual([10, 12, 13, 14]);
    expect(
      sorted(
        await rateIds({
          filter: {
            and: [
              { field: 'rateDate', op: 'gt', value: '2026-11-01' },
              { field: 'rateDate', op: 'lt', value: '2026-12-01' },
            ],
          },
        }),
      ),
    ).toEqual([10]);
  });

  it('supports null and notNull', async () => {
    expect(await reqIds(company7({ field: 'deptId', op: 'null' }))).toEqual([b, c].sort((x, y) => x - y));
    expect(await reqIds(company7({ field: 'deptId', op: 'notNull' }))).toEqual([a]);
  });

  it('ANDs params and filter', async () => {
    expect(
      sorted(await rateIds({ params: { fromCurrency: 'USD' }, filter: { field: 'status', op: 'eq', value: 'VALID' } })),
    ).toEqual([1, 10, 11]);
  });
});

describe('orderBy', () => {
  it('sorts decimals numerically, ascending and descending', async () => {
    const asc = await rateIds({ orderBy: 'rate asc' });
    expect(asc).toEqual([14, 3, 7, 8, 4, 5, 11, 9, 1, 10, 12, 6, 2, 13]);
    expect(await rateIds({ orderBy: 'rate desc' })).toEqual([...asc].reverse());
  });

  it('sorts by several fields and breaks ties by the key', async () => {
    expect(
      await rateIds({ orderBy: 'fromCurrency asc, rateDate desc', params: { fromCurrency: ['EUR', 'HKD'] } }),
    ).toEqual([13, 2, 6, 4, 8]);
    expect(await rateIds({ orderBy: 'rateType DESC', params: { rateDate: '2026-11-01' } })).toEqual([4, 3, 2, 1]);
  });

  it('uses the entity default order (rateDate desc) without orderBy', async () => {
    const { rows } = await list(RATE, {});
    const dates = rows.map((r) => r.rateDate as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('list rows', () => {
  it('carry reference labels as declared by labelAs, in the language of the request', async () => {
    const { rows } = await list(REQ, company7());
    const rowA = rows.find((r) => r.requisitionHeaderId === a)!;
    // The harness asks in EN: labels come from the target's {labelField}En where it is filled.
    expect(rowA).toMatchObject({
      orgId: 7,
      orgName: 'Meridian Precision (Dongguan) Co., Ltd.',
      invOrgName: 'Dongguan Plant 1',
      deptName: 'Dongguan Production',
      requesterName: 'Wang Lei',
    });
    expect(rows.find((r) => r.requisitionHeaderId === b)).toMatchObject({ deptId: null, deptName: null });
    const cn = await server.call('srmServer', REQ, 'listByPage', company7(), { language: 'CN' });
    expect(cn.body.data.find((r: { requisitionHeaderId: number }) => r.requisitionHeaderId === a)).toMatchObject({
      orgName: '子午线精密(东莞)有限公司',
      invOrgName: '东莞一厂',
      deptName: '东莞生产部',
      requesterName: '王磊',
    });
  });

  it('name a user as a person: the English name, else the Chinese one, else the login', async () => {
    const requesterOf = async (language: string) =>
      expectOk(await server.call('srmServer', REQ, 'findById', { id: a }, { language })).requesterName;
    try {
      await runSql(server, "UPDATE base_users SET person_name_en = '' WHERE user_id = 2");
      expect(await requesterOf('EN')).toBe('王磊');
      await runSql(server, 'UPDATE base_users SET person_name = NULL, person_name_en = NULL WHERE user_id = 2');
      expect([await requesterOf('EN'), await requesterOf('CN')]).toEqual(['buyer01', 'buyer01']);
    } finally {
      await runSql(server, "UPDATE base_users SET person_name = '王磊', person_name_en = 'Wang Lei' WHERE user_id = 2");
    }
  });

  it('carry the label of a reference that declares no labelAs, under {field}Label (findById too)', async () => {
    // baseUsers.personId names no labelAs: the user view showed 人员 = 101 instead of the person.
    const found = await server.call('baseServer', 'baseUsersRestful', 'findById', { id: 2 }, { language: 'CN' });
    expect(expectOk<Row>(found)).toMatchObject({ personId: 102, personIdLabel: '王磊' });
    const listed = await server.call('baseServer', 'baseUsersRestful', 'listByPage', {
      params: { userId: 2 },
      pageIndex: 1,
      pageRows: 10,
    });
    expect(expectOk<Row[]>(listed)[0]).toMatchObject({ personId: 102, personIdLabel: 'Wang Lei' });
  });

  it('carry decimals as exact strings and the system fields', async () => {
    const { rows } = await list(RATE, { params: { exchangeRateId: 3 } });
    expect(rows[0]).toMatchObject({ rate: '0.04780000', rateDate: '2026-11-01', status: 'VALID', versionNum: 1 });
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining(['createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate']),
    );
  });
});

describe('paging', () => {
  it('reports the count and the page asked for', async () => {
    const { rows, page } = await list(RATE, { pageIndex: 2, pageRows: 5, orderBy: 'exchangeRateId asc' });
    expect(rows.map((r) => r.exchangeRateId)).toEqual([6, 7, 8, 9, 10]);
    expect(page).toEqual({ count: 14, pageIndex: 2, pageRows: 5, countExact: true });
  });

  it.each([
    [2, 20],
    [100, 20],
    [3, 500],
  ])('answers an empty page with the right count beyond the end (page %i of %i rows)', async (pageIndex, pageRows) => {
    const { rows, page } = await list(RATE, { pageIndex, pageRows });
    expect(rows).toEqual([]);
    expect(page).toMatchObject({ count: 14, pageIndex, pageRows });
  });

  it('allows pageRows 500, the cap', async () => {
    const { rows, page } = await list(RATE, { pageRows: 500 });
    expect(rows).toHaveLength(14);
    expect(page.pageRows).toBe(500);
  });

  it('defaults to page 1 of 20 rows', async () => {
    const answer = await server.call('srmServer', RATE, 'listByPage', {});
    expect(answer.body.page).toMatchObject({ pageIndex: 1, pageRows: 20, count: 14 });
  });

  it.each([100000, 501, 0, -1, 'abc', 1.5, '20rows', true])('answers 400 to pageRows %j', async (pageRows) => {
    expectError(await server.call('srmServer', RATE, 'listByPage', { pageIndex: 1, pageRows }), 400);
  });

  it.each([0, -1, 'abc', 2.5])('answers 400 to pageIndex %j', async (pageIndex) => {
    expectError(await server.call('srmServer', RATE, 'listByPage', { pageIndex, pageRows: 20 }), 400);
  });
});
