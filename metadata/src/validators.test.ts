import { describe, expect, it } from 'vitest';
import {
  isEmptyValue,
  isPositiveNumber,
  MAX_MONEY_EXCLUSIVE,
  NAMED_VALIDATORS,
  REQUIRED_MESSAGE,
  runNamedValidator,
  type ValidatorName,
} from './validators';

const cases: Record<ValidatorName, { en: string; cn: string; accept: unknown[]; reject: unknown[] }> = {
  integer: {
    en: 'must enter a number',
    cn: '请输入数字',
    accept: ['0', '42', '-7', '+7', '007', 12, -3],
    reject: ['1.5', '1e3', 'abc', '1 2', ' 1', '+', '-', '1,000', 1.5],
  },
  nonNegativeDecimal: {
    en: 'must enter a number',
    cn: '请输入数字',
    accept: ['0', '12', '12.5', '0.000001', 3.25],
    reject: ['-1', '+1', '1.', '.5', '1.2.3', 'x', -0.5],
  },
  quantity: {
    en: 'must enter a numeric value',
    cn: '请输入数值',
    accept: ['0', '10', '-2.5', '+3.75', 4.5],
    reject: ['1.', '.5', '1e2', '--1', 'ten', '1,5'],
  },
  email: {
    en: 'e-mail format error',
    cn: '邮箱格式错误',
    accept: ['buyer01@example.com', 'first.last+tag@sub.example.co', 'a_b-c%d@x-y.cn'],
    reject: [
      'plain',
      '@example.com',
      'a@',
      'a@example',
      'a@example.c',
      'a b@example.com',
      'a@@example.com',
      'a@exa mple.com',
    ],
  },
  mobile: {
    en: 'mobile number format error',
    cn: '手机号码格式错误',
    accept: ['13800138000', '19912345678', '15000000000', 13912345678],
    reject: [
      '12800138000',
      '10800138000',
      '23800138000',
      '1380013800',
      '138001380001',
      '138-0013-8000',
      '+8613800138000',
    ],
  },
  landline: {
    en: 'phone number format error',
    cn: '电话号码格式错误',
    accept: [
      '1234567',
      '12345678',
      '010-12345678',
      '0755-1234567',
      '010-12345678-123',
      '0755-1234567-1234',
      '12345678-123',
    ],
    reject: [
      '123456',
      '123456789',
      '01-12345678',
      '01234-1234567',
      '010-12345678-12',
      '010-12345678-12345',
      '010 12345678',
      '(010)12345678',
      '01012345678',
    ],
  },
  positiveInteger: {
    en: 'must enter a positive integer',
    cn: '请输入正整数',
    accept: ['1', '9', '10', '12345', 7],
    reject: ['0', '01', '-1', '+1', '1.0', '1.5', 'one', 0],
  },
};

describe('named validators (docs/architecture.md "Spec: validators")', () => {
  it('covers exactly the validators of the field schema enum', () => {
    expect(Object.keys(NAMED_VALIDATORS).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, c] of Object.entries(cases) as [ValidatorName, (typeof cases)[ValidatorName]][]) {
    describe(name, () => {
      it.each(c.accept.map((v) => [v]))('accepts %j', (value) => {
        expect(runNamedValidator(name, value)).toBeUndefined();
      });
      it.each(c.reject.map((v) => [v]))('rejects %j', (value) => {
        expect(runNamedValidator(name, value)).toEqual({ cn: c.cn, en: c.en });
      });
      it('passes an empty value (the required check is separate)', () => {
        for (const empty of [undefined, null, '']) expect(runNamedValidator(name, empty)).toBeUndefined();
      });
    });
  }

  it('the required message is "required"', () => {
    expect(REQUIRED_MESSAGE.en).toBe('required');
    expect(REQUIRED_MESSAGE.cn).toBe('必填');
  });

  it('isEmptyValue: only undefined, null and the empty string', () => {
    expect([undefined, null, ''].map(isEmptyValue)).toEqual([true, true, true]);
    expect([0, ' ', 'N', false, []].map(isEmptyValue)).toEqual([false, false, false, false, false]);
  });
});

describe('isPositiveNumber', () => {
  it.each(['1', '+1', '0.5', '+0.01', '25.00', '1000000', 3, 0.1])('accepts %j', (v) => {
    expect(isPositiveNumber(v)).toBe(true);
  });
  it.each(['0', '0.00', '+0', '-1', '-0.5', '1.', '.5', '1e3', 'abc', '', ' 1', null, undefined, 0, -2])(
    'rejects %j',
    (v) => {
      expect(isPositiveNumber(v)).toBe(false);
    },
  );
});

describe('money limit', () => {
  it('is 1e15, exclusive', () => {
    expect(MAX_MONEY_EXCLUSIVE).toBe(1_000_000_000_000_000);
  });
});
