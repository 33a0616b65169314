import { describe, expect, it } from 'vitest';
import { initialEntries, isQuantity, receiveBody } from './receiveLines';

describe('receiving a delivery note by line', () => {
  it('starts from every saved line received in full and accepted, without the zeros the scale pads', () => {
    expect(
      initialEntries([
        { deliveryNoteLineId: 7, shipQty: '10000.0000' },
        { lineNum: 2, shipQty: '5' },
        { deliveryNoteLineId: 8, shipQty: '2.5000' },
        { deliveryNoteLineId: 9, shipQty: null },
      ]),
    ).toEqual([
      { deliveryNoteLineId: 7, receivedQty: '10000', acceptedQty: '10000', rejectedQty: '0' },
      { deliveryNoteLineId: 8, receivedQty: '2.5', acceptedQty: '2.5', rejectedQty: '0' },
      { deliveryNoteLineId: 9, receivedQty: '0', acceptedQty: '0', rejectedQty: '0' },
    ]);
  });

  it('sends decimal strings as typed and refuses what is not a quantity', () => {
    expect(isQuantity('9980')).toBe(true);
    expect(isQuantity('1.23456')).toBe(false);
    expect(isQuantity('-1')).toBe(false);
    const entries = [{ deliveryNoteLineId: 7, receivedQty: ' 10000 ', acceptedQty: '9980', rejectedQty: '20' }];
    expect(receiveBody(3, entries)).toEqual({
      id: 3,
      lines: [{ deliveryNoteLineId: 7, receivedQty: '10000', acceptedQty: '9980', rejectedQty: '20' }],
    });
    expect(
      receiveBody(3, [...entries, { deliveryNoteLineId: 8, receivedQty: 'x', acceptedQty: '0', rejectedQty: '0' }]),
    ).toEqual({ invalid: 1 });
  });
});
