import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import type { EntityDef, PageDef } from '../../../meta';
import { createFakeProvider } from '../../../test/fakeProvider';
import { renderWithApp } from '../../../test/render';
import { SrmPurOrderPrint } from './SrmPurOrderPrint';

const entity = (name: string): EntityDef =>
  ({ name, area: 'srmServer', primaryKey: 'id', fields: [], children: [] }) as unknown as EntityDef;
const entities = {
  srmPurOrderHeader: entity('srmPurOrderHeader'),
  baseOrganization: entity('baseOrganization'),
  srmSlcSupplierInfo: entity('srmSlcSupplierInfo'),
};
const page = {
  kind: 'page',
  path: 'purOrderManage/srmPurOrderPrint',
  type: 'custom',
  widget: 'SrmPurOrderPrint',
  entity: 'srmPurOrderHeader',
  title: { cn: '订单打印', en: 'Order print' },
} as PageDef;

const order = {
  orderHeaderId: 7,
  poNumber: 'PO202611220001',
  orgId: 2,
  orgIdLabel: '子午线电子',
  supplierId: 1,
  supplierIdLabel: '苏州恒达',
  currencyCode: 'CNY',
  totalAmountExcl: '1700.00',
  totalTaxAmount: '221.00',
  totalAmountIncl: '1921.00',
  lines: [
    {
      lineNum: 1,
      itemCode: '1001000012',
      itemName: 'M3×8',
      quantity: '20000',
      unitPriceExcl: '0.085',
      taxRate: '0.13',
      amountExcl: '1700.00',
      amountIncl: '1921.00',
    },
  ],
};

function setup(supplierReadable = true) {
  const provider = createFakeProvider({
    findById: vi.fn(async (target: { name: string }) => {
      if (target.name === 'srmPurOrderHeader') return order;
      if (target.name === 'baseOrganization')
        return { orgName: '子午线电子', orgNameEn: 'Meridian Electronics', address: '苏州市吴中区' };
      if (!supplierReadable) throw new Error('403');
      return { supplierName: '苏州恒达五金有限公司', supplierNameEn: 'Suzhou Hengda Hardware' };
    }),
    findDic: async () => ({}),
  });
  renderWithApp(<SrmPurOrderPrint page={page} entities={entities} />, {
    url: '/main/purOrderManage/srmPurOrderPrint?id=7',
    provider,
  });
  return provider;
}

describe('the order print page', () => {
  it('prints the order with its parties, lines and totals, in the language of the user', async () => {
    const provider = setup();
    const sheet = await screen.findByRole('article', { name: '采购订单' });
    expect(provider.findById).toHaveBeenCalledWith(expect.objectContaining({ name: 'srmPurOrderHeader' }), '7');
    expect(await within(sheet).findByText('苏州恒达五金有限公司')).toBeTruthy();
    expect(within(sheet).getByText('地址: 苏州市吴中区')).toBeTruthy();
    expect(within(sheet).getByText('1001000012 M3×8')).toBeTruthy();
    expect(within(sheet).getByText('13%')).toBeTruthy();
    expect(within(sheet).getByText('含税合计 1,921.00')).toBeTruthy();
    await act(() => i18n.changeLanguage('EN'));
    expect(await screen.findByRole('article', { name: 'Purchase order' })).toBeTruthy();
    expect(screen.getByText('Meridian Electronics')).toBeTruthy();
    expect(screen.getByText('Total incl. tax 1,921.00')).toBeTruthy();
  });

  it('falls back to the order’s labels for a party it cannot read, and prints on demand', async () => {
    setup(false);
    const sheet = await screen.findByRole('article', { name: '采购订单' });
    expect(await within(sheet).findByText('苏州恒达')).toBeTruthy();
    // happy-dom has no window.print: stand in for the browser's print dialog.
    const print = vi.fn();
    window.print = print;
    fireEvent.click(screen.getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
