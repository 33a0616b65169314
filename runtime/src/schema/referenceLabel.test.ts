import { describe, expect, it } from 'vitest';
import type { EntityDef } from '../meta';
import { fallbackLabelField, targetRowLabel } from './referenceLabel';

const users = {
  name: 'baseUsers',
  displayField: 'userName',
  fields: [
    { name: 'userName', type: 'string' },
    { name: 'personName', type: 'string' },
    { name: 'personNameEn', type: 'string' },
    { name: 'userId', type: 'integer' },
  ],
} as unknown as EntityDef;

describe('a reference names its row', () => {
  const target = { valueField: 'userId', labelField: 'personName', fallbackField: 'userName' };

  it('by the person name in the language, the Chinese one where no English one is kept', () => {
    const row = { userId: 2, userName: 'buyer01', personName: '王磊', personNameEn: 'Wang Lei' };
    expect(targetRowLabel(target, row, 'CN')).toBe('王磊');
    expect(targetRowLabel(target, row, 'EN')).toBe('Wang Lei');
    expect(targetRowLabel(target, { ...row, personNameEn: '' }, 'EN')).toBe('王磊');
  });

  it('by the display field (the login) when the label is empty, else by the value', () => {
    expect(targetRowLabel(target, { userId: 9, userName: 'ops01', personName: null }, 'EN')).toBe('ops01');
    expect(targetRowLabel({ valueField: 'userId', labelField: 'personName' }, { userId: 9 }, 'CN')).toBe('9');
  });

  it('falls back to the display field only from another text field', () => {
    expect(fallbackLabelField(users, 'personName')).toBe('userName');
    expect(fallbackLabelField(users, 'userName')).toBeUndefined();
    expect(fallbackLabelField(users, 'userId')).toBeUndefined();
    expect(fallbackLabelField(undefined, 'personName')).toBeUndefined();
  });
});
