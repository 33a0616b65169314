import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk, tableRows } from '../testing/apiAssertions';
import { sessionHeaders } from '../testing/authFixtures';
import { signIn, type SignedIn } from '../testing/sessions';
import { createRequisition } from '../testing/srmFixtures';
import { startTestServer, type TestServer } from '../testing/testServer';
import { lastTwelveMonths } from './homeStats';

/** The internal home's chart figures are counted from the rows: they change when the rows do. */
let server: TestServer;
let buyer: SignedIn;
beforeAll(async () => {
  server = await startTestServer('home_stats');
  buyer = await signIn(server.baseUrl, 'buyer01');
});
afterAll(async () => {
  await server?.close();
});

const stats = (session = buyer) =>
  server.call('baseServer', 'baseHomeRestful', 'findHomeStats', {}, sessionHeaders(session));

/** buyer01 is permitted for 苏州一厂 (5): its requisitions and those recorded above it (3, 2, 1) count. */
const BUYER_ORGS = [5, 3, 2, 1];
const visibleToBuyer = async () =>
  (await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id')).filter((r) =>
    BUYER_ORGS.includes(Number(r.inv_org_id)),
  );

async function expected() {
  const reqs = await visibleToBuyer();
  const byStatus = new Map<string, number>();
  for (const r of reqs) byStatus.set(String(r.status), (byStatus.get(String(r.status)) ?? 0) + 1);
  const months = lastTwelveMonths();
  const monthly = months.map((month) => {
    const rows = reqs.filter(
      (r) => String(r.requisition_date).slice(0, 7) === month && !['DRAFT', 'CANCELLED'].includes(String(r.status)),
    );
    return {
      month,
      amount: rows.reduce((s, r) => s + Math.round(Number(r.total_amount) * 100), 0),
      count: rows.length,
    };
  });
  const todos = (await tableRows(server, 'base_todo', 'todo_id', { assignee_user_id: 2 })).filter(
    (t) => t.cancel_flag !== 'Y',
  );
  return {
    byStatus: [...byStatus]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => a.status.localeCompare(b.status)),
    monthly,
    approvals: {
      pending: todos.filter((t) => t.handle_flag !== 'Y').length,
      handled: todos.filter((t) => t.handle_flag === 'Y').length,
    },
  };
}

type Chart = { key: string; kind: string; title: string; data: any[] };
const chart = (data: { charts: Chart[] }, key: string) => data.charts.find((c) => c.key === key)!;

function actual(data: { charts: Chart[]; approvals: unknown }) {
  return {
    byStatus: [...chart(data, 'requisitionsByStatus').data].sort((a, b) => a.status.localeCompare(b.status)),
    monthly: chart(data, 'requisitionAmounts').data.map((m: { month: string; amount: string; count: number }) => ({
      month: m.month,
      amount: Math.round(Number(m.amount) * 100),
      count: m.count,
    })),
    approvals: data.approvals,
  };
}

describe('home statistics', () => {
  it('match the rows: requisitions by status, monthly amounts of the last 12 months, my approvals', async () => {
    const data = expectOk(await stats());
    expect(chart(data, 'requisitionsByStatus')).toMatchObject({
      kind: 'byStatus',
      title: 'Requisitions by status',
      lookupType: 'PUR_REQUISITION_STATUS',
    });
    const monthly = chart(data, 'requisitionAmounts');
    expect(monthly).toMatchObject({ kind: 'monthly', amount: true });
    expect(monthly.data).toHaveLength(12);
    for (const m of monthly.data) expect(m.amount).toMatch(/^\d+\.\d\d$/);
    const want = await expected();
    expect(actual(data)).toEqual(want);
    expect(want.monthly.some((m) => m.amount > 0)).toBe(true);
    expect(want.byStatus.length).toBeGreaterThan(1);
    // The requisition for 苏州二厂 is not counted: the figures follow the organisation permits.
    expect((await tableRows(server, 'srm_pur_requisition_header', 'requisition_header_id')).length).toBeGreaterThan(
      (await visibleToBuyer()).length,
    );
  });

  it('follow new rows: a new draft and a submitted requisition change the pie and the line', async () => {
    const before = actual(expectOk(await stats()));
    await createRequisition(server);
    const submitted = await createRequisition(server);
    expectOk(
      await server.call('srmServer', 'srmPurRequisitionHeaderRestful', 'doSubmit', {
        id: submitted.requisitionHeaderId,
      }),
    );
    const after = actual(expectOk(await stats()));
    expect(after).toEqual(await expected());
    expect(after).not.toEqual(before);
  });

  it('are for internal users only', async () => {
    expectError(await stats(await signIn(server.baseUrl, 'supplier01')), 403);
  });
});
