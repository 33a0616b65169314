/** Field errors of a 400 answer placed under the fields of an antd form. */
import type { FormInstance } from 'antd';
import { isApiError } from '../core/apiError';

/** Places the errors naming one of `fields`; true when every error of the answer found its field. */
export function placeFieldErrors(form: FormInstance, error: unknown, fields: string[]): boolean {
  if (!isApiError(error) || !error.errors.length) return false;
  const placed = error.errors.filter((e) => fields.includes(e.field));
  if (placed.length) form.setFields(placed.map((e) => ({ name: e.field, errors: [e.message] })));
  return placed.length === error.errors.length;
}
