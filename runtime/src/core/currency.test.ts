import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { currencyDecimals, currencyFieldOf } from './currency';

const currencies = [
  { lookupCode: 'CNY', meaning: '人民币', description: '2' },
  { lookupCode: 'JPY', meaning: '日元', description: '0' },
  { lookupCode: 'XXX', meaning: '未知' },
];

const entity = (fields: EntityDef['fields']): EntityDef =>
  ({ kind: 'entity', name: 'e', table: 'e', label: { cn: 'e', en: 'e' }, primaryKey: 'id', fields }) as EntityDef;

describe('currency', () => {
  it("reads a currency's decimals from its BASE_CURRENCY value", () => {
    expect(currencyDecimals(currencies, 'CNY')).toBe(2);
    expect(currencyDecimals(currencies, 'JPY')).toBe(0);
    expect(currencyDecimals(currencies, 'XXX')).toBeUndefined();
    expect(currencyDecimals(currencies, null)).toBeUndefined();
    expect(currencyDecimals(undefined, 'CNY')).toBeUndefined();
  });

  it('finds the one currency field of an entity, none when there are two', () => {
    const money = { name: 'totalAmount', type: 'money', label: { cn: '金额', en: 'Amount' } } as const;
    const currency = (name: string) =>
      ({ name, type: 'lookup', lookupType: 'BASE_CURRENCY', label: { cn: name, en: name } }) as const;
    expect(currencyFieldOf(entity([money, currency('currencyCode')]))).toBe('currencyCode');
    expect(currencyFieldOf(entity([money]))).toBeUndefined();
    expect(currencyFieldOf(entity([money, currency('fromCurrency'), currency('toCurrency')]))).toBeUndefined();
  });
});
