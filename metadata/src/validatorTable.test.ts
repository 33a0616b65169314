import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogValidators from './__fixtures__/catalogValidators.json';
import { toChineseAmount } from './chineseAmount';
import { DATE_PATTERNS } from './datePatterns';
import {
  checkYNValue,
  isPositiveDecimal,
  isPositiveNumber,
  REQUIRED_MESSAGE,
  runTableValidator,
  TABLE_VALIDATOR_NAMES,
  type TableValidatorName,
} from './validators';

/**
 * Every row of the validator table (docs/architecture.md "Spec: validators"), by the spec's own name: a value
 * it accepts,
 * one it rejects (with the table's message), and the empty optional/required cases. The coverage
 * test below fails when the catalog names a row that is missing here or in validators.ts.
 */
const TABLE_CASES: Record<TableValidatorName, { accept: string; reject?: string; cn: string }> = {
  Integer: { accept: '-12', reject: '1.5', cn: '请输入数字' },
  'Non-negative decimal': { accept: '12.50', reject: '-1', cn: '请输入数字' },
  Quantity: { accept: '-2.5', reject: '2.', cn: '请输入数值' },
  'E-mail': { accept: 'buyer01@meridian.example.com', reject: 'buyer01@', cn: '邮箱格式错误' },
  'Mobile phone': { accept: '13800138000', reject: '12800138000', cn: '手机号码格式错误' },
  Landline: { accept: '0755-1234567-123', reject: '01-1234567', cn: '电话号码格式错误' },
  'Positive integer': { accept: '10', reject: '0', cn: '请输入正整数' },
  Date: { accept: '2026-11-23', cn: '必填' },
  String: { accept: 'x', cn: '必填' },
};

/** Which function and test carry each of the catalog's other rules (or where the rule lives when it is not a value check). */
const OTHER_RULES: Record<string, string> = {
  'Attachment upload': 'server/src/files (upload limits) and runtime/src/widgets/attachment',
  'Grid: a column flagged validate.required': 'runtime/src/schema (grid columns)',
  'Grid numeric columns': 'runtime/src/schema (grid columns)',
  'Deleting the last row': 'runtime/src/widgets/LineGrid',
  'A grid with an api': 'runtime grid',
  'Checkbox accepts only': 'checkYNValue (this file)',
  'Export: the request URL': 'server export',
  'Tree building requires': 'tree.test.ts (TreeParseError)',
  'Positive-number check 1': 'isPositiveNumber (this file)',
  'Positive-number check 2': 'isPositiveDecimal (this file)',
  'Large-currency conversion': 'chineseAmount.test.ts and this file',
  'Password complexity flag': 'server/src/auth (password policy)',
  'User name existence check': 'server/src/auth (user actions)',
  'Profile, lookup, user': 'not shown in the spec',
  'No domain-specific validation': 'not shown in the spec',
};

describe('validator table of docs/architecture.md "Spec: validators"', () => {
  // The vendored catalog against an outside copy of the specification: scripts/check-catalog.cjs.
  it("the fixture is the vendored catalog's validators section (catalog/seed-catalog.json)", () => {
    const vendored = path.join(__dirname, '..', '..', 'catalog', 'seed-catalog.json');
    expect(JSON.parse(readFileSync(vendored, 'utf8')).validators).toEqual(catalogValidators);
  });

  it('every table row has a validator and a test case', () => {
    const names = catalogValidators.table.map((row) => row.validator);
    expect(names.filter((n) => !TABLE_VALIDATOR_NAMES.includes(n as TableValidatorName))).toEqual([]);
    expect(names.filter((n) => !(n in TABLE_CASES))).toEqual([]);
    expect(Object.keys(TABLE_CASES).sort()).toEqual([...names].sort());
  });

  it('every other rule is accounted for', () => {
    const missing = catalogValidators.otherRules.filter(
      (rule) => !Object.keys(OTHER_RULES).some((start) => rule.startsWith(start)),
    );
    expect(missing).toEqual([]);
  });

  for (const row of catalogValidators.table) {
    const name = row.validator as TableValidatorName;
    describe(name, () => {
      const c = TABLE_CASES[name];
      it(`accepts ${c?.accept}`, () => {
        expect(runTableValidator(name, c.accept, true)).toBeUndefined();
      });
      if (c?.reject !== undefined) {
        it(`rejects ${c.reject} with "${row.message}"`, () => {
          expect(runTableValidator(name, c.reject)).toEqual({ cn: c.cn, en: row.message });
        });
      }
      it('passes an empty optional value and gives "required" for an empty required one', () => {
        expect(runTableValidator(name, '', false)).toEqual(name === 'String' ? REQUIRED_MESSAGE : undefined);
        expect(runTableValidator(name, null, true)).toEqual(REQUIRED_MESSAGE);
        expect(REQUIRED_MESSAGE.en).toBe('required');
      });
    });
  }
});

describe('other rules', () => {
  it('checkbox: only Y or N', () => {
    expect(checkYNValue('Y')).toBeUndefined();
    expect(checkYNValue('N')).toBeUndefined();
    for (const bad of ['y', 'true', true, 1, '', null])
      expect(checkYNValue(bad)?.en).toBe('Value should be trueValue or falseValue.');
  });

  it('positive-number check 1 allows a plus sign, check 2 does not; both need > 0', () => {
    expect([isPositiveNumber('+1.5'), isPositiveDecimal('+1.5')]).toEqual([true, false]);
    expect([isPositiveNumber('1.5'), isPositiveDecimal('1.5')]).toEqual([true, true]);
    for (const bad of ['0', '0.0', '-1', '.5', '1.', 'a', '', null]) expect(isPositiveDecimal(bad)).toBe(false);
  });

  it('large-currency conversion accepts only values under 1e15', () => {
    expect(toChineseAmount('999999999999999.99')).toMatch(/^玖佰玖拾玖万/);
    expect(() => toChineseAmount('1000000000000000')).toThrow();
  });
});

describe('date patterns (docs/architecture.md "Spec: constants")', () => {
  it('are the four of the spec', () => {
    expect([...DATE_PATTERNS]).toEqual(['yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'yyyy', 'yyyy-MM']);
  });
});
