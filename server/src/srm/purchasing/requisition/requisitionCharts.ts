/** The internal home's requisition charts: requisitions per status, and estimated amounts per month. */
import type { HomeChartRegistry } from '../../../home/homeCharts';

const REQUISITION = 'srmPurRequisitionHeader';

export function registerRequisitionCharts(charts: HomeChartRegistry): void {
  charts.register({
    key: 'requisitionsByStatus',
    kind: 'byStatus',
    title: { cn: '采购申请状态分布', en: 'Requisitions by status' },
    entity: REQUISITION,
    field: 'status',
    lookupType: 'PUR_REQUISITION_STATUS',
  });
  charts.register({
    key: 'requisitionAmounts',
    kind: 'monthly',
    title: { cn: '近12个月采购申请金额', en: 'Requisition amounts, last 12 months' },
    entity: REQUISITION,
    dateField: 'requisitionDate',
    amountField: 'totalAmount',
    excludeStatuses: ['DRAFT', 'CANCELLED'],
  });
}
