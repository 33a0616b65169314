/**
 * The form-group validator of docs/architecture.md "Spec: validators": an edit screen with several forms (a
 * header form,
 * a tab of terms, a line form) is saved only when every form in its group is valid. All forms run
 * (not just up to the first failure), so every invalid field shows its message at once; then the
 * success or the failure callback is called. Works over anything with `validate(): Promise` —
 * Formily forms in the runtime, plain objects in tests.
 */
export interface ValidatableForm {
  validate(): Promise<unknown>;
}

export interface FormGroupFailure {
  /** Index of the form in the group. */
  index: number;
  error: unknown;
}

/** Wrong arguments are a developer's mistake, not a user's: thrown at once, never a callback. */
export class FormGroupArgumentError extends TypeError {
  constructor(detail: string) {
    super(`validateFormGroup: ${detail}`);
    this.name = 'FormGroupArgumentError';
  }
}

function checkArguments(forms: unknown, onSuccess: unknown, onFailure: unknown): asserts forms is ValidatableForm[] {
  if (!Array.isArray(forms) || forms.length === 0) throw new FormGroupArgumentError('forms must be a non-empty array');
  forms.forEach((form, i) => {
    if (!form || typeof (form as ValidatableForm).validate !== 'function')
      throw new FormGroupArgumentError(`forms[${i}] has no validate()`);
  });
  if (typeof onSuccess !== 'function') throw new FormGroupArgumentError('onSuccess must be a function');
  if (typeof onFailure !== 'function') throw new FormGroupArgumentError('onFailure must be a function');
}

/** Validates every form; resolves true and calls onSuccess, or resolves false and calls onFailure with each failure. */
export async function validateFormGroup(
  forms: ValidatableForm[],
  onSuccess: () => void,
  onFailure: (failures: FormGroupFailure[]) => void,
): Promise<boolean> {
  checkArguments(forms, onSuccess, onFailure);
  const results = await Promise.allSettled(forms.map((form) => form.validate()));
  const failures = results.flatMap((r, index) => (r.status === 'rejected' ? [{ index, error: r.reason }] : []));
  if (failures.length === 0) {
    onSuccess();
    return true;
  }
  onFailure(failures);
  return false;
}
