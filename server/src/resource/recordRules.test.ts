import { EntityModel, type FieldDef } from '@meridian/metadata';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { systemContext } from './context';
import { assertRecordRules } from './recordRules';

const f = (name: string, type: FieldDef['type']): FieldDef => ({ name, type, label: { cn: name, en: name } });
/** A blacklist-like record: end date required unless permanent, and not before the start. */
const entity = new EntityModel({
  kind: 'entity',
  name: 'demoBan',
  area: 'srmServer',
  table: 'demo_ban',
  label: { cn: '禁用', en: 'Ban' },
  primaryKey: 'banId',
  fields: [f('startDate', 'date'), f('endDate', 'date'), f('permanentFlag', 'flag')],
  recordRules: [
    {
      when: { field: 'permanentFlag', op: 'ne', value: 'Y' },
      record: { field: 'endDate', op: 'notNull' },
      field: 'endDate',
      message: { cn: '非永久须填写结束日期', en: 'The end date is required unless permanent' },
    },
    {
      record: {
        or: [
          { field: 'endDate', op: 'null' },
          { field: 'endDate', op: 'gte', value: '$record.startDate' },
        ],
      },
      field: 'endDate',
      message: { cn: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
    },
  ],
});

function refusal(record: Record<string, unknown>, language: 'CN' | 'EN' = 'EN') {
  try {
    assertRecordRules(entity, record, systemContext(language));
    return undefined;
  } catch (e) {
    const error = e as ApiError;
    return { status: error.httpStatus, text: error.text, errors: error.errors };
  }
}

describe('record rules on save', () => {
  it('conditional required: only where the condition holds, 400 naming the field in both languages', () => {
    expect(refusal({ startDate: '2026-01-01', permanentFlag: 'N', endDate: null })).toEqual({
      status: 400,
      text: { cn: '非永久须填写结束日期', en: 'The end date is required unless permanent' },
      errors: [{ field: 'endDate', message: 'The end date is required unless permanent' }],
    });
    expect(refusal({ startDate: '2026-01-01', permanentFlag: 'N' }, 'CN')?.errors).toEqual([
      { field: 'endDate', message: '非永久须填写结束日期' },
    ]);
    expect(refusal({ startDate: '2026-01-01', permanentFlag: 'Y', endDate: null })).toBeUndefined();
  });

  it('date order against another field; the same day passes', () => {
    expect(refusal({ startDate: '2026-03-01', permanentFlag: 'N', endDate: '2026-02-28' })?.text.en).toBe(
      'The end date cannot be before the start date',
    );
    expect(refusal({ startDate: '2026-03-01', permanentFlag: 'N', endDate: '2026-03-01' })).toBeUndefined();
  });
});
