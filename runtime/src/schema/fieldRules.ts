/**
 * Validation of one field from its metadata (field.schema.json validation layer): the same
 * rules drive the Formily form and the line grids, and are unit-tested without Formily.
 */
import { DEFAULT_STRING_LENGTH } from '@meridian/metadata';
import type { Language } from '../core/language';
import type { FieldDef } from '../meta';
import {
  checkMaxLength,
  checkPattern,
  checkRange,
  checkRequired,
  checkScale,
  validationTexts,
  requiredMessage,
  runNamedValidator,
  type NamedValidator,
} from './validators';

/** '' when the value passes, else the message. */
export type FieldCheck = (value: unknown) => string;

export interface RuleOptions {
  /** Page-level override (ColumnConfig.validate.required). */
  required?: boolean;
  /** Page-level bounds (ColumnConfig min/max/precision). */
  min?: number;
  max?: number;
  scale?: number;
}

const DECIMAL_TYPES = new Set(['decimal', 'money', 'quantity']);

export function isRequired(field: FieldDef, options: RuleOptions = {}): boolean {
  return options.required ?? field.required ?? false;
}

/** field.maxLength, else the storage length (strings default to 255 characters). */
export function maxLengthOf(field: FieldDef): number | undefined {
  if (field.maxLength) return field.maxLength;
  if (field.type === 'string') return field.length ?? DEFAULT_STRING_LENGTH;
  if (field.type === 'text') return field.length;
  return undefined;
}

export function flagCheck(language: Language): FieldCheck {
  return (value) =>
    value === null || value === undefined || value === '' || value === 'Y' || value === 'N'
      ? ''
      : validationTexts(language).checkboxValue;
}

/** Every check that applies to the field, required first. */
export function fieldChecks(field: FieldDef, language: Language, options: RuleOptions = {}): FieldCheck[] {
  const checks: FieldCheck[] = [];
  if (isRequired(field, options)) checks.push((value) => checkRequired(value, language));
  if (field.validator) checks.push((value) => runNamedValidator(field.validator as NamedValidator, value, language));
  if (field.type === 'integer') checks.push((value) => runNamedValidator('integer', value, language));
  const min = options.min ?? field.min;
  const max = options.max ?? field.max;
  if (min !== undefined || max !== undefined) checks.push((value) => checkRange(value, { min, max }, language));
  const maxLength = maxLengthOf(field);
  if (maxLength) checks.push((value) => checkMaxLength(value, maxLength, language));
  if (field.pattern) checks.push((value) => checkPattern(value, field.pattern as string, language));
  const scale = options.scale ?? field.scale;
  if (DECIMAL_TYPES.has(field.type) && scale !== undefined) checks.push((value) => checkScale(value, scale, language));
  if (field.type === 'flag') checks.push(flagCheck(language));
  return checks;
}

/** First failing message, or '' — for tests and non-Formily callers. */
export function validateFieldValue(field: FieldDef, value: unknown, language: Language, options?: RuleOptions): string {
  for (const check of fieldChecks(field, language, options)) {
    const message = check(value);
    if (message) return message;
  }
  return '';
}

export type FormilyRule = { required: true; message: string } | { validator: (value: unknown) => string };

/**
 * Formily x-validator entries. `required` stays a real rule so that FormItem draws the asterisk;
 * the other checks run as validator functions with our own messages.
 */
export function formilyRules(field: FieldDef, language: Language, options: RuleOptions = {}): FormilyRule[] {
  const rules: FormilyRule[] = [];
  if (isRequired(field, options)) rules.push({ required: true, message: requiredMessage(language) });
  const optional = { ...options, required: false };
  for (const check of fieldChecks({ ...field, required: false }, language, optional)) {
    rules.push({ validator: (value) => check(value) });
  }
  return rules;
}
