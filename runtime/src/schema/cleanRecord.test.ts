import { describe, expect, it } from 'vitest';
import { stripFormilyInternals } from './cleanRecord';

describe('stripFormilyInternals (docs/architecture.md "Trap: Formily row keys")', () => {
  it('removes Formily bookkeeping keys at any depth and keeps everything else', () => {
    const record = {
      title: 'x',
      versionNum: 2,
      lines: [
        { itemCode: 'A', __DO_NOT_USE_THIS_PROPERTY_index__: 0 },
        {
          itemCode: 'B',
          __DO_NOT_USE_THIS_PROPERTY_index__: 1,
          nested: { __DO_NOT_USE_THIS_PROPERTY_index__: 3, k: null },
        },
      ],
    };
    expect(stripFormilyInternals(record)).toEqual({
      title: 'x',
      versionNum: 2,
      lines: [{ itemCode: 'A' }, { itemCode: 'B', nested: { k: null } }],
    });
  });
});
