import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { formatDecimal, toDecimal, ZERO, type Dec } from '../../../util/decimal';
import { DomainStore } from '../../../platform/domainStore';

/** The purchase order (DOMAIN.md §5.4): entity names shared by the order's hooks, handlers and actions. */
export const HEADER = 'srmPurOrderHeader';
export const LINE = 'srmPurOrderLine';
export const FEEDBACK = 'srmPurOrderFeedback';
export const QA = 'srmPurOrderQa';
export const REQ_HEADER = 'srmPurRequisitionHeader';
export const REQ_LINE = 'srmPurRequisitionLine';
export const RESOURCE = 'srmPurOrderHeaderRestful';

/** Pages whose menus reach the order: the buyer's and the supplier's. */
export const BUYER_PAGES = ['purchaseOrderList', 'purOrderManage/purchaseOrderEdit'];
export const SUPPLIER_PAGES = ['purCustomerOrderList', 'purOrderManage/purchaseOrderEdit'];

const LINE_FIELDS = [
  'orderLineId',
  'lineNum',
  'requisitionLineId',
  'quantity',
  'needByDate',
  'promisedDate',
  'originalPromisedDate',
  'shippedQty',
  'receivedQty',
  'lineStatus',
];

export const decimalOf = (value: unknown): Dec => toDecimal(value) ?? ZERO;
export const qtyText = (d: Dec): string => formatDecimal(d, 4);

/** Metadata-named SQL of the order tables; the audited UPDATE the handlers share is DomainStore's. */
export class OrderSql extends DomainStore {
  /** The order's lines (key, quantities, dates, requisition link), optionally locked. */
  lines(tx: SqlExecutor, orderHeaderId: number, lock = false): Promise<Row[]> {
    return this.rows.select(tx, LINE, LINE_FIELDS, { orderHeaderId }, { orderBy: ['orderLineId'], underLock: lock });
  }
}
