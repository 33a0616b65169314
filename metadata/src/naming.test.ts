import { describe, expect, it } from 'vitest';
import { toSnakeCase } from './naming';

describe('toSnakeCase', () => {
  it.each([
    ['changeInfoId', 'change_info_id'],
    ['supplierId', 'supplier_id'],
    ['status', 'status'],
    ['lastUpdateDate', 'last_update_date'],
    ['versionNum', 'version_num'],
    ['line2Amount', 'line2_amount'],
    ['address2', 'address2'],
    ['htmlURL', 'html_url'],
    ['supplierIDNo', 'supplier_id_no'],
    ['HTMLUrl', 'html_url'],
    ['erpVendorCode', 'erp_vendor_code'],
    ['a', 'a'],
  ])('%s -> %s', (name, column) => {
    expect(toSnakeCase(name)).toBe(column);
  });

  it('yields columns the entity schema accepts for every field name it accepts', () => {
    for (const name of ['x', 'orderNumber', 'item2Code', 'aBCDe', 'qtyUOMCode']) {
      expect(toSnakeCase(name)).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    }
  });
});
