import { createForm, type Field } from '@formily/core';
import { validateFormGroup } from '@meridian/metadata';
import { describe, expect, it, vi } from 'vitest';

/** The form-group validator over real Formily forms (a header form and a terms form of one screen). */
function formWith(required: string, value: string | undefined) {
  const form = createForm({ values: { [required]: value } });
  form.createField({ name: required, required: true });
  return form;
}

describe('validateFormGroup over Formily forms', () => {
  it('succeeds when every form of the group is valid', async () => {
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    await expect(
      validateFormGroup([formWith('title', 'PR'), formWith('terms', 'NET30')], onSuccess, onFailure),
    ).resolves.toBe(true);
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('validates all forms and reports each invalid one, so every message shows at once', async () => {
    const header = formWith('title', undefined);
    const terms = formWith('terms', undefined);
    const onFailure = vi.fn();
    await expect(validateFormGroup([header, formWith('ok', 'x'), terms], vi.fn(), onFailure)).resolves.toBe(false);
    expect(onFailure.mock.calls[0][0].map((f: { index: number }) => f.index)).toEqual([0, 2]);
    expect((header.query('title').take() as Field).selfErrors.length).toBeGreaterThan(0);
    expect((terms.query('terms').take() as Field).selfErrors.length).toBeGreaterThan(0);
  });
});
