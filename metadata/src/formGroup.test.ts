import { describe, expect, it, vi } from 'vitest';
import { FormGroupArgumentError, validateFormGroup } from './formGroup';

const passing = () => ({ validate: vi.fn(async () => undefined) });
const failing = (error: unknown) => ({
  validate: vi.fn(async () => {
    throw error;
  }),
});

describe('validateFormGroup', () => {
  it('calls onSuccess when every form is valid', async () => {
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    await expect(validateFormGroup([passing(), passing()], onSuccess, onFailure)).resolves.toBe(true);
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('runs every form, then calls onFailure with each failure', async () => {
    const last = passing();
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    await expect(validateFormGroup([failing('a'), passing(), failing('c'), last], onSuccess, onFailure)).resolves.toBe(
      false,
    );
    expect(last.validate).toHaveBeenCalledOnce();
    expect(onFailure).toHaveBeenCalledWith([
      { index: 0, error: 'a' },
      { index: 2, error: 'c' },
    ]);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('throws a developer error for wrong arguments, without calling anything', async () => {
    const ok = () => undefined;
    await expect(validateFormGroup(undefined as never, ok, ok)).rejects.toBeInstanceOf(FormGroupArgumentError);
    await expect(validateFormGroup([], ok, ok)).rejects.toThrow(/non-empty array/);
    await expect(validateFormGroup([{} as never], ok, ok)).rejects.toThrow(/forms\[0\] has no validate/);
    await expect(validateFormGroup([passing()], 'x' as never, ok)).rejects.toThrow(/onSuccess/);
    await expect(validateFormGroup([passing()], ok, undefined as never)).rejects.toThrow(/onFailure/);
  });
});
