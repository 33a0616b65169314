import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../meta';
import { formilyRules, maxLengthOf, validateFieldValue } from './fieldRules';
import { runNamedValidator } from './validators';

const field = (extra: Partial<FieldDef>): FieldDef => ({
  name: 'f',
  type: 'string',
  label: { cn: 'F', en: 'F' },
  ...extra,
});

describe('named validators (docs/architecture.md "Spec: validators") with their exact messages', () => {
  const cases: Array<[Parameters<typeof runNamedValidator>[0], string, string, string, string]> = [
    ['integer', '-12', '1.5', 'must enter a number', '请输入数字'],
    ['nonNegativeDecimal', '12.50', '-1', 'must enter a number', '请输入数字'],
    ['quantity', '-3.25', 'abc', 'must enter a numeric value', '请输入数值'],
    ['email', 'buyer@example.com', 'buyer@', 'e-mail format error', '邮箱格式错误'],
    ['mobile', '13812345678', '12812345678', 'mobile number format error', '手机号码格式错误'],
    ['landline', '021-12345678-123', '12-123', 'phone number format error', '电话号码格式错误'],
    ['positiveInteger', '10', '0', 'must enter a positive integer', '请输入正整数'],
  ];
  it.each(cases)('%s', (name, good, bad, en, cn) => {
    expect(runNamedValidator(name, good, 'EN')).toBe('');
    expect(runNamedValidator(name, bad, 'EN')).toBe(en);
    expect(runNamedValidator(name, bad, 'CN')).toBe(cn);
    expect(runNamedValidator(name, '', 'EN')).toBe('');
  });
});

describe('field rules from metadata', () => {
  it('an empty required value gives "required"', () => {
    expect(validateFieldValue(field({ required: true }), '', 'EN')).toBe('required');
    expect(validateFieldValue(field({ required: true }), '  ', 'CN')).toBe('必填');
    expect(validateFieldValue(field({ required: true }), 'x', 'EN')).toBe('');
  });

  it('optional empty values pass every validator', () => {
    expect(validateFieldValue(field({ validator: 'email', min: 1, pattern: '[A-Z]+' }), '', 'EN')).toBe('');
  });

  it('min and max compare decimal strings', () => {
    const money = field({ type: 'money', min: 0, max: 1000, scale: 2 });
    expect(validateFieldValue(money, '-0.01', 'EN')).toBe('must not be less than 0');
    expect(validateFieldValue(money, '1000.01', 'EN')).toBe('must not be greater than 1000');
    expect(validateFieldValue(money, '1000.00', 'EN')).toBe('');
    expect(validateFieldValue(money, '1.234', 'EN')).toBe('at most 2 decimal places');
  });

  it('maxLength is field.maxLength, else length, strings defaulting to 255', () => {
    expect(maxLengthOf(field({ length: 30 }))).toBe(30);
    expect(maxLengthOf(field({ length: 30, maxLength: 10 }))).toBe(10);
    expect(maxLengthOf(field({}))).toBe(255);
    expect(maxLengthOf(field({ type: 'integer' }))).toBeUndefined();
    expect(validateFieldValue(field({ length: 3 }), 'abcd', 'EN')).toBe('must be at most 3 characters');
  });

  it('pattern must match the whole value', () => {
    expect(validateFieldValue(field({ pattern: '[A-Z]{2}\\d+' }), 'AB12', 'EN')).toBe('');
    expect(validateFieldValue(field({ pattern: '[A-Z]{2}\\d+' }), 'xAB12', 'EN')).toBe('format error');
  });

  it('integer fields reject fractions; flags accept only Y or N', () => {
    expect(validateFieldValue(field({ type: 'integer' }), '1.5', 'EN')).toBe('must enter a number');
    expect(validateFieldValue(field({ type: 'flag' }), 'X', 'EN')).toBe('Value should be trueValue or falseValue.');
    expect(validateFieldValue(field({ type: 'flag' }), 'Y', 'EN')).toBe('');
  });

  it('Formily rules keep required as a real rule (for the asterisk) with our message', () => {
    const rules = formilyRules(field({ required: true, validator: 'mobile' }), 'EN');
    expect(rules[0]).toEqual({ required: true, message: 'required' });
    const validators = rules.slice(1) as Array<{ validator: (value: unknown) => string }>;
    expect(validators.map((rule) => rule.validator('123')).filter(Boolean)).toEqual(['mobile number format error']);
  });

  it('page overrides (ColumnConfig validate.required, min) win over the field', () => {
    expect(validateFieldValue(field({}), '', 'EN', { required: true })).toBe('required');
    expect(validateFieldValue(field({ type: 'quantity', min: 0 }), '0', 'EN', { min: 1 })).toBe(
      'must not be less than 1',
    );
  });
});
