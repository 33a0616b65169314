/**
 * The receipt of a delivery note by line (DOMAIN 5.6 doReceive): what the receiving dialog starts
 * from and what it sends. Quantities stay decimal strings as typed; the server checks them
 * (acceptedQty + rejectedQty = receivedQty, over-receipt tolerance) and answers 400 naming the line.
 */
import { formatDecimal } from '../../../core/decimal';
export interface NoteLine {
  deliveryNoteLineId?: number;
  lineNum?: number;
  itemCode?: string | null;
  itemName?: string | null;
  shipQty?: string | number | null;
}

export interface ReceiptEntry {
  deliveryNoteLineId: number;
  receivedQty: string;
  acceptedQty: string;
  rejectedQty: string;
}

const QUANTITY = /^\d{1,16}(\.\d{1,4})?$/;

/**
 * Every saved line received in full as shipped and accepted: the dialog's starting values, typed
 * as a person would (8000, not the stored 8000.0000: core/decimal drops the zeros the scale pads).
 */
export function initialEntries(lines: NoteLine[]): ReceiptEntry[] {
  return lines
    .filter((l) => typeof l.deliveryNoteLineId === 'number')
    .map((l) => {
      const shipped = formatDecimal(l.shipQty) || '0';
      return {
        deliveryNoteLineId: l.deliveryNoteLineId!,
        receivedQty: shipped,
        acceptedQty: shipped,
        rejectedQty: '0',
      };
    });
}

/** A quantity as typed is sendable: digits, at most 4 decimals. */
export function isQuantity(value: string): boolean {
  return QUANTITY.test(value.trim());
}

/** The doReceive body, or the index of the first entry with a quantity that is not one. */
export function receiveBody(
  id: number,
  entries: ReceiptEntry[],
): { id: number; lines: ReceiptEntry[] } | { invalid: number } {
  const invalid = entries.findIndex((e) => ![e.receivedQty, e.acceptedQty, e.rejectedQty].every(isQuantity));
  if (invalid >= 0) return { invalid };
  return {
    id,
    lines: entries.map((e) => ({
      ...e,
      receivedQty: e.receivedQty.trim(),
      acceptedQty: e.acceptedQty.trim(),
      rejectedQty: e.rejectedQty.trim(),
    })),
  };
}
