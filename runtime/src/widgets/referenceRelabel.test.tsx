import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DataProviderContext } from '../core/DataProviderContext';
import { changeLanguage, i18n } from '../i18n';
import type { ReferenceTarget } from '../schema/fieldComponent';
import { createFakeProvider } from '../test/fakeProvider';
import { ReferenceSelect } from './ReferenceSelect';

const target: ReferenceTarget = {
  name: 'baseOrganization',
  area: 'baseServer',
  valueField: 'orgId',
  labelField: 'orgName',
  labelAs: 'orgName',
};
const SchemaField = createSchemaField({ components: { ReferenceSelect } });
const plant = { orgId: 5, orgName: '上海工厂', orgNameEn: 'Shanghai plant' };

function setup(readPretty = false) {
  const provider = createFakeProvider({
    listByPage: async () => ({ rows: [plant], page: { count: 1, pageIndex: 1, pageRows: 1 } }),
  });
  const form = createForm({ values: { orgId: 5, orgName: '上海工厂' }, readPretty });
  render(
    <I18nextProvider i18n={i18n}>
      <DataProviderContext.Provider value={provider}>
        <FormProvider form={form}>
          <SchemaField
            schema={{
              type: 'object',
              properties: {
                orgId: {
                  type: 'number',
                  title: '工厂',
                  'x-component': 'ReferenceSelect',
                  'x-component-props': { target },
                },
              },
            }}
          />
        </FormProvider>
      </DataProviderContext.Provider>
    </I18nextProvider>,
  );
  return { form, provider };
}

afterEach(async () => {
  await act(() => changeLanguage('CN'));
});

describe('a chosen reference after a language switch', () => {
  it('shows its label in the new language, in the picker and in the form values', async () => {
    const { form, provider } = setup();
    expect(screen.getByText('上海工厂')).toBeTruthy();
    expect(provider.listByPage).not.toHaveBeenCalled();
    await act(() => changeLanguage('EN'));
    await waitFor(() => expect(form.values.orgName).toBe('Shanghai plant'));
    expect(screen.getByText('Shanghai plant')).toBeTruthy();
    expect(provider.listByPage).toHaveBeenCalledWith(
      { name: 'baseOrganization', area: 'baseServer' },
      expect.objectContaining({ filter: { field: 'orgId', op: 'eq', value: 5 } }),
    );
    await act(() => changeLanguage('CN'));
    await waitFor(() => expect(form.values.orgName).toBe('上海工厂'));
  });

  it('relabels a read-only reference too', async () => {
    const { form } = setup(true);
    await act(() => changeLanguage('EN'));
    await waitFor(() => expect(screen.getByText('Shanghai plant')).toBeTruthy());
    expect(form.values.orgName).toBe('Shanghai plant');
  });
});
