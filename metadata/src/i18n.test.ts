import { describe, expect, it } from 'vitest';
import { bothLanguages, pickText } from './i18n';

describe('texts in both languages', () => {
  it('picks one language, Chinese when English is missing', () => {
    expect(pickText({ cn: '供应商', en: 'Supplier' }, 'EN')).toBe('Supplier');
    expect(pickText({ cn: '供应商', en: '' }, 'EN')).toBe('供应商');
  });

  it('writes both, Chinese first, with " / " or the separator given', () => {
    expect(bothLanguages({ cn: '供应商', en: 'Supplier' })).toBe('供应商 / Supplier');
    expect(bothLanguages({ cn: '第一行', en: 'First line' }, '\n\n')).toBe('第一行\n\nFirst line');
  });
});
