import { describe, expect, it } from 'vitest';
import { parseColumns, parseConfigKey, readStoredColumns } from './tableConfigRules';

describe('table config rules', () => {
  it('defaults the grid name to main and refuses paths that are not page paths', () => {
    expect(parseConfigKey({ pagePath: 'purRequisitionManage/purRequisitionEdit' })).toEqual({
      pagePath: 'purRequisitionManage/purRequisitionEdit',
      gridName: 'main',
    });
    expect(parseConfigKey({ pagePath: 'a', gridName: 'lines' }).gridName).toBe('lines');
    for (const pagePath of ['', '../x', 'a//b', '/a', 'a b', 7]) expect(() => parseConfigKey({ pagePath })).toThrow();
  });

  it('keeps the columns in the order given and drops nothing', () => {
    const columns = [
      { key: 'b', visible: true, width: 30 },
      { key: 'a', visible: false },
    ];
    expect(parseColumns(columns)).toEqual(columns);
    expect(() => parseColumns([{ key: 'a', visible: true, width: 2001 }])).toThrow();
    expect(() => parseColumns([{ key: 'a', visible: true, width: 99.5 }])).toThrow();
  });

  it('reads a damaged stored row as no layout (the grid then shows its defaults)', () => {
    expect(readStoredColumns('not json')).toBeNull();
    expect(readStoredColumns('[]')).toBeNull();
    expect(readStoredColumns('[{"key":"a","visible":true}]')).toEqual([{ key: 'a', visible: true }]);
  });
});
