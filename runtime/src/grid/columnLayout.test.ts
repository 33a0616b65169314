import { describe, expect, it } from 'vitest';
import type { ColumnDescriptor } from '../schema/columnDescriptor';
import { applyLayout, layoutOf, moveColumn, setVisible, setWidth } from './columnLayout';

const column = (key: string, extra: Partial<ColumnDescriptor> = {}) =>
  ({ key, title: key, hidden: false, ...extra }) as ColumnDescriptor;
const defaults = [column('a', { width: 100 }), column('b'), column('c', { hidden: true }), column('d')];
const keys = (columns: ColumnDescriptor[]) =>
  columns.map((c) => `${c.key}${c.hidden ? '-' : ''}${c.width ? `:${c.width}` : ''}`);

describe('column layout', () => {
  it('without a saved layout shows the metadata columns as they are', () => {
    expect(applyLayout(defaults, null)).toBe(defaults);
    expect(applyLayout(defaults, [])).toBe(defaults);
  });

  it('applies saved order, visibility and width; unknown saved keys are ignored, new columns go last', () => {
    const saved = [
      { key: 'd', visible: true, width: 90 },
      { key: 'gone', visible: true },
      { key: 'a', visible: false },
      { key: 'c', visible: true },
    ];
    expect(keys(applyLayout(defaults, saved))).toEqual(['d:90', 'a-:100', 'c', 'b']);
  });

  it('falls back to the defaults when a layout would hide every column', () => {
    expect(
      applyLayout(
        defaults,
        defaults.map((c) => ({ key: c.key, visible: false })),
      ),
    ).toBe(defaults);
  });

  it('saves what is shown, in order', () => {
    expect(layoutOf([column('b', { width: 120.4 }), column('a', { hidden: true })])).toEqual([
      { key: 'b', visible: true, width: 120 },
      { key: 'a', visible: false },
    ]);
  });

  it('moves, hides (never the last visible column) and resizes', () => {
    expect(moveColumn(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(keys(setVisible(defaults, 'b', false))).toEqual(['a:100', 'b-', 'c-', 'd']);
    const one = [column('a'), column('b', { hidden: true })];
    expect(setVisible(one, 'a', false)).toBe(one);
    expect(keys(setWidth(defaults, 'b', 12))).toContain('b:30');
  });
});
