/**
 * The internal home's purchasing charts (home/homeCharts.ts): orders by status, ordered amounts per
 * month in the base currency (fixed at submission, so drafts have none), and delivery notes
 * received per month.
 */
import type { HomeChartRegistry } from '../../../home/homeCharts';

export function registerOrderCharts(charts: HomeChartRegistry): void {
  charts.register({
    key: 'ordersByStatus',
    kind: 'byStatus',
    title: { cn: '采购订单状态分布', en: 'Purchase orders by status' },
    entity: 'srmPurOrderHeader',
    field: 'status',
    lookupType: 'PUR_PO_STATUS',
  });
  charts.register({
    key: 'orderAmounts',
    kind: 'monthly',
    title: { cn: '近12个月采购订单金额（含税，人民币）', en: 'Ordered amounts incl. tax in CNY, last 12 months' },
    entity: 'srmPurOrderHeader',
    dateField: 'orderDate',
    amountField: 'totalAmountBase',
    excludeStatuses: ['DRAFT', 'SUBMITTED', 'REJECTED', 'WITHDRAWN', 'CANCELLED'],
  });
  charts.register({
    key: 'deliveriesReceived',
    kind: 'monthly',
    title: { cn: '近12个月收货的送货单', en: 'Delivery notes received, last 12 months' },
    entity: 'srmPurDeliveryNote',
    dateField: 'receivedDate',
    excludeStatuses: ['DRAFT', 'SHIPPED', 'CANCELLED'],
  });
}
