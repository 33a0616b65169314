import { createForm } from '@formily/core';
import { autorun, isObservable } from '@formily/reactive';
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

describe('stripFormilyInternals on a Formily form (docs/decisions.md, issue 15)', () => {
  it("copies the form's latest values through raw: plain objects, and no reads tracked on its lines", () => {
    const form = createForm({ values: { title: 'x', lines: [{ lineId: 1, quantity: '1' }, { lineId: 2 }] } });
    form.setValuesIn('lines.1.quantity', '5');
    form.setValuesIn('lines.0.__DO_NOT_USE_THIS_PROPERTY_index__', 0);
    let runs = 0;
    let body: Record<string, unknown> = {};
    const dispose = autorun(() => {
      runs += 1;
      body = stripFormilyInternals({ ...form.values });
    });
    expect(body).toEqual({
      title: 'x',
      lines: [
        { lineId: 1, quantity: '1' },
        { lineId: 2, quantity: '5' },
      ],
    });
    expect(isObservable(body.lines)).toBe(false);
    expect(isObservable((body.lines as unknown[])[1])).toBe(false);
    // Walking the observable proxies would have subscribed the copy to every line value it read.
    form.setValuesIn('lines.1.quantity', '6');
    expect(runs).toBe(1);
    dispose();
  });
});
