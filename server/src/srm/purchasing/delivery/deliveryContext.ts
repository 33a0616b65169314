import { DeliveryOrderLines } from './orderLines';
import { PartContext } from '../partContext';

export const NOTICE = 'srmPurDeliveryNotice';
export const NOTICE_LINE = 'srmPurDeliveryNoticeLine';
export const NOTE = 'srmPurDeliveryNote';
export const NOTE_LINE = 'srmPurDeliveryNoteLine';
export const RECEIPT = 'srmPurReceiptTransaction';

/** What the delivery code shares: the part's context (PartContext) and the order-line module. */
export class Delivery extends PartContext {
  readonly orderLines = new DeliveryOrderLines(this.rows);
}
