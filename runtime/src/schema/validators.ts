/**
 * Form validators of docs/architecture.md "Spec: validators". The named validators and the 'required' text come from
 * @meridian/metadata (the server runs the same ones); bounds, length, pattern and scale texts
 * are the runtime's own. Each check passes on an empty value; emptiness is `required`'s job.
 */
import { NAMED_VALIDATORS, REQUIRED_MESSAGE, type ValidatorName } from '@meridian/metadata';
import { compareDecimal, parseDecimal } from '../core/decimal';
import { pickLabel, type Language } from '../core/language';
import { cn } from '../i18n/cn';
import { en } from '../i18n/en';

export type NamedValidator = ValidatorName;

export type ValidationTexts = typeof cn.validation;

export function validationTexts(language: Language): ValidationTexts {
  return language === 'EN' ? en.validation : cn.validation;
}

/** Replaces {{name}} with vars.name (the i18next placeholder syntax, without i18next). */
export function interpolate(template: string, vars: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(vars[key] ?? ''));
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** '' when the value passes, else the message in the language. */
export function runNamedValidator(name: NamedValidator, value: unknown, language: Language): string {
  if (isEmptyValue(value)) return '';
  const validator = NAMED_VALIDATORS[name];
  if (!validator) return '';
  return validator.pattern.test(String(value).trim()) ? '' : pickLabel(validator.message, language);
}

export function requiredMessage(language: Language): string {
  return pickLabel(REQUIRED_MESSAGE, language);
}

export function checkRequired(value: unknown, language: Language): string {
  const blank = isEmptyValue(value) || (typeof value === 'string' && value.trim() === '');
  return blank ? requiredMessage(language) : '';
}

/** Bounds on numbers and decimal strings, compared digit by digit (never as floats). */
export function checkRange(value: unknown, bounds: { min?: number; max?: number }, language: Language): string {
  if (isEmptyValue(value) || !parseDecimal(value)) return '';
  const texts = validationTexts(language);
  if (bounds.min !== undefined && (compareDecimal(value, bounds.min) ?? 0) < 0) return interpolate(texts.min, bounds);
  if (bounds.max !== undefined && (compareDecimal(value, bounds.max) ?? 0) > 0) return interpolate(texts.max, bounds);
  return '';
}

export function checkMaxLength(value: unknown, max: number, language: Language): string {
  if (isEmptyValue(value)) return '';
  return String(value).length > max ? interpolate(validationTexts(language).maxLength, { max }) : '';
}

export function checkScale(value: unknown, scale: number, language: Language): string {
  const parts = parseDecimal(value);
  if (!parts || parts.fraction.length <= scale) return '';
  return interpolate(validationTexts(language).precision, { scale });
}

export function checkPattern(value: unknown, pattern: string, language: Language): string {
  if (isEmptyValue(value)) return '';
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`);
  } catch {
    // A broken pattern in metadata must not block the user; the server validates too.
    return '';
  }
  return regex.test(String(value)) ? '' : validationTexts(language).pattern;
}
