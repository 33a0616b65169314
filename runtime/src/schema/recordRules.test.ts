import type { ISchema } from '@formily/react';
import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { editPage, entities, headerEntity } from '../test/fixtures';
import { buildFormSchema } from './formSchema';
import type { RecordRuleValidator } from './recordRules';

/** The requisition of the fixtures with two cross-field rules on needByDate. */
const withRules: EntityDef = {
  ...headerEntity,
  recordRules: [
    {
      when: { field: 'urgentFlag', op: 'eq', value: 'Y' },
      record: { field: 'needByDate', op: 'notNull' },
      field: 'needByDate',
      message: { cn: '加急申请须填写需求日期', en: 'An urgent requisition needs a need-by date' },
    },
    {
      record: {
        or: [
          { field: 'needByDate', op: 'null' },
          { field: 'needByDate', op: 'gte', value: '$record.creationDate' },
        ],
      },
      field: 'needByDate',
      message: { cn: '需求日期不能早于创建时间', en: 'The need-by date cannot be before the creation' },
    },
  ],
};

/** The form's validators of a field, run as Formily runs them: value plus the form's values. */
function validate(field: string, values: Record<string, unknown>, language: 'CN' | 'EN' = 'EN'): string[] {
  const schema = buildFormSchema({ page: editPage, entities: { ...entities, [withRules.name]: withRules }, language });
  const section = (schema.properties as Record<string, ISchema>).section0;
  const rules = (section.properties as Record<string, ISchema>)[field]['x-validator'] as RecordRuleValidator[];
  return rules
    .filter((r) => typeof r.validator === 'function')
    .map((r) => r.validator(values[field], {}, { form: { values } }))
    .filter(Boolean);
}

describe('record rules on the form', () => {
  it('conditional required: only when the condition holds, with the rule’s message in the language', () => {
    expect(validate('needByDate', { urgentFlag: 'Y', needByDate: null })).toEqual([
      'An urgent requisition needs a need-by date',
    ]);
    expect(validate('needByDate', { urgentFlag: 'Y', needByDate: null }, 'CN')).toEqual(['加急申请须填写需求日期']);
    expect(validate('needByDate', { urgentFlag: 'N', needByDate: null })).toEqual([]);
  });

  it('date order against another field of the form; other fields get no rule validator', () => {
    const values = { urgentFlag: 'N', creationDate: '2026-03-01', needByDate: '2026-02-01' };
    expect(validate('needByDate', values)).toEqual(['The need-by date cannot be before the creation']);
    expect(validate('needByDate', { ...values, needByDate: '2026-03-02' })).toEqual([]);
    expect(validate('title', { ...values, title: 'x' })).toEqual([]);
  });
});
