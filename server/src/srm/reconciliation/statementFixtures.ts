import type { Body } from '../../testing/proofFixtures';

/**
 * The statement the reconciliation tests write: buyer01's production statement of November 2026
 * for 苏州恒达 (supplier 1) at org 2 in CNY — the demo receipts fall in that period.
 */
export function statementBody(lines: Body[], extra: Body = {}): Body {
  return {
    checkType: 'PROD',
    supplierId: 1,
    orgId: 2,
    currencyCode: 'CNY',
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    lines,
    ...extra,
  };
}

/** One line of 9,980 M3×8 screws at 0.085 excl. 13 % tax: 848.30 + 110.28 = 958.58. */
export const SCREW_LINE: Body = {
  itemCode: '1001000012',
  itemName: 'M3×8 screw',
  uomCode: 'PCS',
  quantity: '9980',
  unitPriceExcl: '0.085',
  taxRate: '0.13',
};
