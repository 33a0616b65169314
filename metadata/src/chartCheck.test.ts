import { describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { loadProblems, miniAppDocuments } from './__fixtures__/miniApp';
import { MetadataRegistry } from './registry';

// Home charts over the mini application's orders (status: DEMO_ORDER_STATUS, orderDate: date,
// totalAmount: money): complete charts load in order; each case breaks one thing and must stop the
// load naming the chart set, the chart's pointer and the problem.

const title = { cn: '订单', en: 'Orders' };
const byStatus = { key: 'ordersByStatus', kind: 'byStatus', title, entity: 'demoOrderHeader', field: 'status' };
const monthly = {
  key: 'orderAmounts',
  kind: 'monthly',
  title,
  entity: 'demoOrderHeader',
  dateField: 'orderDate',
  amountField: 'totalAmount',
  excludeStatuses: ['DRAFT'],
};
const chartSet = (charts: object[]): SourcedDocument => ({ source: 'test:charts', doc: { kind: 'chartSet', charts } });
const withCharts = (...sets: object[][]) => [...miniAppDocuments(), ...sets.map(chartSet)];
const messages = (charts: object[]) =>
  loadProblems(withCharts(charts)).map((p) => `${p.document} ${p.pointer}: ${p.message}`);

describe('home charts at load', () => {
  it('loads complete charts and keeps their order', () => {
    const registry = MetadataRegistry.load(withCharts([byStatus, monthly]));
    expect(registry.homeCharts().map((c) => c.key)).toEqual(['ordersByStatus', 'orderAmounts']);
  });

  it('refuses an unknown entity or field, and a field of the wrong type', () => {
    expect(messages([{ ...byStatus, entity: 'nope' }])).toEqual([
      'test:charts /charts/0/entity: chart "ordersByStatus" counts unknown entity "nope"',
    ]);
    expect(messages([{ ...byStatus, field: 'orderDate' }])).toEqual([
      'test:charts /charts/0/field: "orderDate" of demoOrderHeader is a date, not a lookup',
    ]);
    expect(messages([byStatus, { ...monthly, dateField: 'shipDate', amountField: 'orderNumber' }])).toEqual([
      'test:charts /charts/1/dateField: "shipDate" is not a field of demoOrderHeader',
      'test:charts /charts/1/amountField: "orderNumber" of demoOrderHeader is a string, not a number',
    ]);
  });

  it('refuses excluded statuses that are not values of the status lookup', () => {
    expect(messages([{ ...monthly, excludeStatuses: ['DRAFT', 'GONE'] }])).toEqual([
      'test:charts /charts/0/excludeStatuses/1: "GONE" is not a value of DEMO_ORDER_STATUS',
    ]);
    expect(messages([{ ...monthly, statusField: 'orderNumber' }])).toEqual([
      'test:charts /charts/0/statusField: "orderNumber" of demoOrderHeader is a string, not a lookup',
    ]);
  });

  it('refuses a key used twice and a chart missing what its kind counts', () => {
    expect(loadProblems(withCharts([byStatus], [byStatus])).map((p) => p.message)).toEqual([
      'home chart "ordersByStatus" is defined twice (also in test:charts)',
    ]);
    const { field: _field, ...noField } = byStatus;
    expect(loadProblems(withCharts([noField])).length).toBeGreaterThan(0);
  });
});
