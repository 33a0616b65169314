import { describe, expect, it } from 'vitest';
import { createQueryClient, invalidateEntity, lookupKey } from './queries';

const cachedLookup = () => {
  const client = createQueryClient();
  client.setQueryData(lookupKey('CN', 'SLC_TAXPAYER_TYPE'), [{ lookupCode: 'GENERAL', meaning: '一般纳税人' }]);
  client.setQueryData(lookupKey('EN', 'SLC_TAXPAYER_TYPE'), [{ lookupCode: 'GENERAL', meaning: 'General' }]);
  return client;
};
const stale = (client: ReturnType<typeof createQueryClient>, language: string) =>
  client.getQueryState(lookupKey(language, 'SLC_TAXPAYER_TYPE'))?.isInvalidated;

describe('invalidateEntity', () => {
  it('makes every cached lookup stale after a write to a lookup type or value (the value-set screens)', () => {
    for (const name of ['baseLookupType', 'baseLookupValues']) {
      const client = cachedLookup();
      invalidateEntity(client, { area: 'baseServer', name });
      expect([name, stale(client, 'CN'), stale(client, 'EN')]).toEqual([name, true, true]);
    }
  });

  it('leaves the lookups cached after a write to any other entity', () => {
    const client = cachedLookup();
    invalidateEntity(client, { area: 'srmServer', name: 'srmSlcSupplierTax' });
    expect(stale(client, 'CN')).toBe(false);
  });
});
