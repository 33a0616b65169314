import { createForm } from '@formily/core';
import { createSchemaField, FormProvider } from '@formily/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { YN_VALUE_ERROR, YNCheckbox, YNCheckboxBase } from './YNCheckbox';

const inI18n = (ui: React.ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('YNCheckbox', () => {
  it('is checked for Y and unchecked for N', () => {
    const { rerender } = inI18n(<YNCheckboxBase aria-label="Urgent" value="Y" />);
    expect((screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement).checked).toBe(true);
    rerender(
      <I18nextProvider i18n={i18n}>
        <YNCheckboxBase aria-label="Urgent" value="N" />
      </I18nextProvider>,
    );
    expect((screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement).checked).toBe(false);
  });

  it('emits only Y or N', () => {
    const onChange = vi.fn();
    inI18n(<YNCheckboxBase aria-label="Urgent" value="N" onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    expect(onChange).toHaveBeenLastCalledWith('Y');
  });

  it('shows the spec message for a value that is neither Y nor N', async () => {
    await act(() => i18n.changeLanguage('EN'));
    inI18n(<YNCheckboxBase aria-label="Urgent" value="true" />);
    expect(screen.getByRole('alert').textContent).toBe(YN_VALUE_ERROR);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('in a Formily form, writes Y/N into the field value and takes its title as name', () => {
    const SchemaField = createSchemaField({ components: { YNCheckbox } });
    const form = createForm({ values: { urgentFlag: 'N' } });
    inI18n(
      <FormProvider form={form}>
        <SchemaField
          schema={{
            type: 'object',
            properties: { urgentFlag: { type: 'string', title: 'Urgent', 'x-component': 'YNCheckbox' } },
          }}
        />
      </FormProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    expect(form.values.urgentFlag).toBe('Y');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    expect(form.values.urgentFlag).toBe('N');
  });

  it('read-pretty shows a green or grey icon named yes/no', () => {
    const SchemaField = createSchemaField({ components: { YNCheckbox } });
    const form = createForm({ values: { urgentFlag: 'Y' }, readPretty: true });
    inI18n(
      <FormProvider form={form}>
        <SchemaField
          schema={{ type: 'object', properties: { urgentFlag: { type: 'string', 'x-component': 'YNCheckbox' } } }}
        />
      </FormProvider>,
    );
    expect(screen.getByRole('img', { name: '是' })).toBeTruthy();
  });
});
