import type { FieldDef } from './generated/meta-model';
import type { I18nText } from './i18n';

/** Named form validators of docs/architecture.md "Spec: validators", shared by the runtime forms and the server. */
export type ValidatorName = NonNullable<FieldDef['validator']>;

export interface NamedValidator {
  pattern: RegExp;
  message: I18nText;
}

export const REQUIRED_MESSAGE: I18nText = { cn: '必填', en: 'required' };

export const NAMED_VALIDATORS: Record<ValidatorName, NamedValidator> = {
  integer: { pattern: /^[+-]?\d+$/, message: { cn: '请输入数字', en: 'must enter a number' } },
  nonNegativeDecimal: { pattern: /^\d+(\.\d+)?$/, message: { cn: '请输入数字', en: 'must enter a number' } },
  quantity: { pattern: /^[+-]?\d+(\.\d+)?$/, message: { cn: '请输入数值', en: 'must enter a numeric value' } },
  email: {
    pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
    message: { cn: '邮箱格式错误', en: 'e-mail format error' },
  },
  mobile: { pattern: /^1[3-9]\d{9}$/, message: { cn: '手机号码格式错误', en: 'mobile number format error' } },
  landline: {
    pattern: /^(\d{3,4}-)?\d{7,8}(-\d{3,4})?$/,
    message: { cn: '电话号码格式错误', en: 'phone number format error' },
  },
  positiveInteger: { pattern: /^[1-9]\d*$/, message: { cn: '请输入正整数', en: 'must enter a positive integer' } },
};

export const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Runs a named validator. Passes when the value is empty (the required check is separate, as the
 * spec says: each validator passes on an empty optional value).
 */
export function runNamedValidator(name: ValidatorName, value: unknown): I18nText | undefined {
  if (isEmptyValue(value)) return undefined;
  const v = NAMED_VALIDATORS[name];
  return v.pattern.test(String(value)) ? undefined : v.message;
}

/**
 * Positive number check of docs/architecture.md "Spec: validators": optional plus sign, digits, optional
 * decimals, > 0.
 */
export function isPositiveNumber(value: unknown): boolean {
  return /^\+?\d+(\.\d+)?$/.test(String(value)) && Number(value) > 0;
}

/** Large-currency conversion accepts only values under 1e15 (docs/architecture.md "Spec: validators"). */
export const MAX_MONEY_EXCLUSIVE = 1e15;

/**
 * Positive-number check 2 (docs/architecture.md "Spec: validators"): digits with an optional decimal part, greater than
 * 0 — unlike check 1, no sign at all (a quantity typed into a cart or a price field).
 */
export function isPositiveDecimal(value: unknown): boolean {
  return /^\d+(\.\d+)?$/.test(String(value)) && Number(value) > 0;
}

/**
 * Checkbox (docs/architecture.md "Spec: states", "Spec: validators", "Spec: messages"): only the true value Y
 * or the false value N.
 */
export const YN_VALUE_MESSAGE: I18nText = {
  cn: '值必须是 trueValue 或 falseValue。',
  en: 'Value should be trueValue or falseValue.',
};

export function checkYNValue(value: unknown): I18nText | undefined {
  return value === 'Y' || value === 'N' ? undefined : YN_VALUE_MESSAGE;
}

/** The rows of the validator table (docs/architecture.md "Spec: validators") by the spec's own names. */
export type TableValidatorName =
  | 'Integer'
  | 'Non-negative decimal'
  | 'Quantity'
  | 'E-mail'
  | 'Mobile phone'
  | 'Landline'
  | 'Positive integer'
  | 'Date'
  | 'String';

const PATTERN_ROWS: Record<Exclude<TableValidatorName, 'Date' | 'String'>, ValidatorName> = {
  Integer: 'integer',
  'Non-negative decimal': 'nonNegativeDecimal',
  Quantity: 'quantity',
  'E-mail': 'email',
  'Mobile phone': 'mobile',
  Landline: 'landline',
  'Positive integer': 'positiveInteger',
};

/**
 * One row of the table: an empty value fails with 'required' when the field is required (the
 * String row is always required) and passes otherwise; a filled value must match the row's rule
 * (Date and String check presence only).
 */
export function runTableValidator(name: TableValidatorName, value: unknown, required = false): I18nText | undefined {
  if (isEmptyValue(value)) return required || name === 'String' ? REQUIRED_MESSAGE : undefined;
  if (name === 'Date' || name === 'String') return undefined;
  const named = PATTERN_ROWS[name];
  if (!named) throw new Error(`No validator named "${String(name)}" in the validator table`);
  return runNamedValidator(named, value);
}

export const TABLE_VALIDATOR_NAMES = [...Object.keys(PATTERN_ROWS), 'Date', 'String'] as TableValidatorName[];
