import { createForm } from '@formily/core';
import type { ISchema } from '@formily/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import type { EntityDef, PageDef } from '../meta';
import { RecordForm } from '../pages/RecordForm';
import { renderCellValue } from '../schema/cellValue';
import { describeColumns } from '../schema/columnDescriptor';
import { formFieldSchema } from '../schema/formSchema';
import { createFakeProvider } from '../test/fakeProvider';

const CURRENCIES = {
  BASE_CURRENCY: [
    { lookupCode: 'CNY', meaning: '人民币', description: '2' },
    { lookupCode: 'JPY', meaning: '日元', description: '0' },
  ],
};

const order: EntityDef = {
  kind: 'entity',
  name: 'demoOrder',
  area: 'srmServer',
  table: 'demo_order',
  label: { cn: '订单', en: 'Order' },
  primaryKey: 'orderId',
  fields: [
    { name: 'orderId', type: 'integer', label: { cn: 'ID', en: 'ID' } },
    { name: 'totalAmount', type: 'money', label: { cn: '总额', en: 'Total' }, scale: 2 },
    { name: 'currencyCode', type: 'lookup', lookupType: 'BASE_CURRENCY', label: { cn: '币种', en: 'Currency' } },
    { name: 'quantity', type: 'quantity', label: { cn: '数量', en: 'Quantity' }, scale: 4 },
    { name: 'price', type: 'decimal', label: { cn: '单价', en: 'Price' }, scale: 6 },
  ],
} as EntityDef;
const page = {
  kind: 'page',
  path: 'demoOrderEdit',
  type: 'edit',
  entity: 'demoOrder',
  title: { cn: '订单', en: 'Order' },
} as PageDef;

function readPrettyForm(values: Record<string, unknown>) {
  const fields = ['totalAmount', 'currencyCode', 'quantity', 'price'];
  const properties = Object.fromEntries(
    fields.map((name, index) => [
      name,
      formFieldSchema(
        order.fields.find((field) => field.name === name)!,
        { field: name },
        { page, entities: { demoOrder: order }, language: 'CN' },
        index,
      ),
    ]),
  );
  const form = createForm({ readPretty: true, values });
  render(
    <TestProviders provider={createFakeProvider({ findDic: async () => CURRENCIES })}>
      <RecordForm form={form} schema={{ type: 'object', properties } as ISchema} />
    </TestProviders>,
  );
}

describe('numbers by field type', () => {
  it("read-pretty: the amount in its currency's decimals, quantity and price without padded zeros", async () => {
    readPrettyForm({ totalAmount: '1234567.00', currencyCode: 'JPY', quantity: '100.0000', price: '0.500000' });
    expect(await screen.findByText('1,234,567')).toBeTruthy();
    expect(screen.getByText('100')).toBeTruthy();
    expect(screen.getByText('0.5')).toBeTruthy();
  });

  it('read-pretty: two decimals when the currency has them', async () => {
    readPrettyForm({ totalAmount: '1234567.5', currencyCode: 'CNY', quantity: '2.5000', price: '2.670000' });
    expect(await screen.findByText('1,234,567.50')).toBeTruthy();
    expect(screen.getByText('2.5')).toBeTruthy();
    expect(screen.getByText('2.67')).toBeTruthy();
  });

  it("grid cells: the amount in its row's currency, right-aligned columns", async () => {
    const [amount] = describeColumns({ columns: [{ key: 'totalAmount' }] }, order, 'CN');
    expect(amount.currencyField).toBe('currencyCode');
    render(
      <TestProviders provider={createFakeProvider({ findDic: async () => CURRENCIES })}>
        <div data-testid="yen">
          {renderCellValue(amount, '98765.4', { totalAmount: '98765.4', currencyCode: 'JPY' })}
        </div>
        <div data-testid="yuan">
          {renderCellValue(amount, '98765.4', { totalAmount: '98765.4', currencyCode: 'CNY' })}
        </div>
      </TestProviders>,
    );
    // The yen's decimals arrive with the BASE_CURRENCY lookup.
    await waitFor(() => expect(screen.getByTestId('yen').textContent).toBe('98,765'));
    expect(screen.getByTestId('yuan').textContent).toBe('98,765.40');
  });
});
