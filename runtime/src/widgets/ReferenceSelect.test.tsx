import { createForm, type Form } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataProviderContext } from '../core/DataProviderContext';
import { i18n } from '../i18n';
import type { DataRecord, FilterNode } from '../meta';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { createFakeProvider, type FakeProvider } from '../test/fakeProvider';
import { ReferenceSelect } from './ReferenceSelect';

const plants: FilterNode = {
  and: [
    { field: 'orgType', op: 'eq', value: 'INV_ORG' },
    { field: 'companyId', op: 'eq', value: '$form.orgId' },
  ],
};
const target: ReferenceTarget = {
  name: 'baseOrganization',
  area: 'baseServer',
  valueField: 'orgId',
  labelField: 'orgName',
  labelAs: 'invOrgName',
  filter: plants,
};
const Plain = ({ value }: { value?: unknown }) => <span>{String(value ?? '')}</span>;
const SchemaField = createSchemaField({ components: { ReferenceSelect, Plain } });

/** Rows 1…total of the target; pages of 20 as the server answers them. */
function provider(total: number): FakeProvider {
  return createFakeProvider({
    listByPage: async (_entity: unknown, query: { pageIndex: number; pageRows: number }) => {
      const from = (query.pageIndex - 1) * query.pageRows;
      const rows: DataRecord[] = Array.from(
        { length: Math.max(0, Math.min(query.pageRows, total - from)) },
        (_v, i) => ({ orgId: from + i + 1, orgName: `工厂${from + i + 1}` }),
      );
      return { rows, page: { count: total, pageIndex: query.pageIndex, pageRows: query.pageRows } };
    },
  });
}

function setup(values: DataRecord, fake: FakeProvider, looseDependencies = false): Form {
  const form = createForm({ values });
  render(
    <I18nextProvider i18n={i18n}>
      <DataProviderContext.Provider value={fake}>
        <FormProvider form={form}>
          <SchemaField
            schema={{
              type: 'object',
              properties: {
                orgId: { type: 'number', title: '公司', 'x-component': 'Plain' },
                invOrgId: {
                  type: 'number',
                  title: '收货工厂',
                  'x-component': 'ReferenceSelect',
                  'x-component-props': { target, virtual: false, looseDependencies },
                },
              },
            }}
          />
        </FormProvider>
      </DataProviderContext.Provider>
    </I18nextProvider>,
  );
  return form;
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: '收货工厂' }));

describe('ReferenceSelect with a declared filter', () => {
  beforeAll(async () => {
    await act(() => i18n.changeLanguage('CN'));
  });

  it('waits, disabled, until the field it depends on has a value', () => {
    setup({ orgId: null }, provider(3));
    const select = screen.getByRole('combobox', { name: '收货工厂' });
    expect((select as HTMLInputElement).disabled).toBe(true);
    expect(document.body.textContent).toContain('请先选择公司');
  });

  it('sends the filter, with $form resolved from the form, to the server search', async () => {
    const fake = provider(3);
    setup({ orgId: 2 }, fake);
    open();
    await waitFor(() => expect(fake.listByPage).toHaveBeenCalled(), { timeout: 2000 });
    expect(fake.listByPage).toHaveBeenLastCalledWith(
      { name: 'baseOrganization', area: 'baseServer' },
      expect.objectContaining({
        filter: {
          and: [
            { field: 'orgType', op: 'eq', value: 'INV_ORG' },
            { field: 'companyId', op: 'eq', value: 2 },
          ],
        },
        pageIndex: 1,
        pageRows: 20,
      }),
    );
    expect(await screen.findByText('工厂3')).toBeTruthy();
  });

  it('follows the company: a new value searches with the new filter', async () => {
    const fake = provider(3);
    const form = setup({ orgId: 2 }, fake);
    act(() => form.setValuesIn('orgId', 7));
    open();
    await waitFor(() => expect(fake.listByPage).toHaveBeenCalled(), { timeout: 2000 });
    expect(fake.listByPage.mock.calls.at(-1)![1].filter.and[1]).toEqual({ field: 'companyId', op: 'eq', value: 7 });
  });

  it('pages: "load more" fetches the next page and appends it', async () => {
    const fake = provider(25);
    setup({ orgId: 2 }, fake);
    open();
    const more = await screen.findByRole('button', { name: '加载更多' }, { timeout: 2000 });
    fireEvent.click(more);
    await waitFor(() => expect(fake.listByPage).toHaveBeenCalledTimes(2));
    expect(fake.listByPage.mock.calls[1][1]).toMatchObject({ pageIndex: 2, pageRows: 20 });
    expect(await screen.findByText('工厂25')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull());
  });

  it('in a search form, an empty company drops its condition instead of waiting', async () => {
    const fake = provider(3);
    setup({ orgId: null }, fake, true);
    expect((screen.getByRole('combobox', { name: '收货工厂' }) as HTMLInputElement).disabled).toBe(false);
    open();
    await waitFor(() => expect(fake.listByPage).toHaveBeenCalled(), { timeout: 2000 });
    expect(fake.listByPage.mock.calls[0][1].filter).toEqual({ field: 'orgType', op: 'eq', value: 'INV_ORG' });
  });
});

describe('ReferenceSelect given a value without its label (a context default, a copied value)', () => {
  const shown = () => document.querySelector('.ant-select-selection-item')?.textContent ?? '';
  /** Plants 1…3, read one by its id as referenceLabel asks. */
  const plantsById = () =>
    createFakeProvider({
      listByPage: async (_entity: unknown, query: { filter: { value: number } }) => {
        const rows =
          query.filter.value <= 3 ? [{ orgId: query.filter.value, orgName: `工厂${query.filter.value}` }] : [];
        return { rows, page: { count: rows.length, pageIndex: 1, pageRows: 1 } };
      },
    });

  it("shows the record's label, read at once and kept beside the value, never the bare id", async () => {
    const form = setup({ orgId: 2 }, plantsById());
    act(() => form.setValuesIn('invOrgId', 3));
    expect(shown()).not.toBe('3');
    await waitFor(() => expect(shown()).toBe('工厂3'));
    expect(form.values.invOrgName).toBe('工厂3');
  });

  it('shows the value itself only when no record has it', async () => {
    const fake = plantsById();
    const form = setup({ orgId: 2 }, fake);
    act(() => form.setValuesIn('invOrgId', 99));
    await waitFor(() => expect(fake.listByPage).toHaveBeenCalled());
    await waitFor(() => expect(shown()).toBe('99'));
  });
});
