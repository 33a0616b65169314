import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree, setChecked, TreeParseError, type TreeConfig, type TreeNode } from './tree';

const config: TreeConfig = {
  keyField: 'id',
  parentKeyField: 'parentId',
  levelField: 'level',
  titleFields: ['code', 'name'],
};

// 01 电子
//   0101 电阻 ── 010101 贴片电阻, 010102 插件电阻
//   0102 电容
// 02 线缆
const rows = [
  { id: 1, parentId: 0, level: 1, code: '01', name: '电子', checkFlag: 'N' },
  { id: 2, parentId: 1, level: 2, code: '0101', name: '电阻', checkFlag: 'N' },
  { id: 3, parentId: 2, level: 3, code: '010101', name: '贴片电阻', checkFlag: 'N' },
  { id: 4, parentId: 2, level: 3, code: '010102', name: '插件电阻', checkFlag: 'N' },
  { id: 5, parentId: 1, level: 2, code: '0102', name: '电容', checkFlag: 'Y' },
  { id: 6, parentId: null, level: 1, code: '02', name: '线缆', checkFlag: 'N' },
];

const node = (roots: TreeNode[], key: string) => flattenTree(roots).find((n) => n.key === key)!;
const checkedKeys = (roots: TreeNode[]) =>
  flattenTree(roots)
    .filter((n) => n.checked)
    .map((n) => n.key);

describe('buildTree', () => {
  it('nests rows under their parents with titles, paths, levels and check state', () => {
    const roots = buildTree(rows, config);
    expect(roots.map((r) => r.key)).toEqual(['1', '6']);
    const leaf = node(roots, '3');
    expect(leaf).toMatchObject({
      parentKey: '2',
      level: 3,
      title: '010101-贴片电阻',
      treeFullPath: '1.2.3',
      checkFlag: 'N',
      checked: false,
      isEdit: false,
    });
    expect(node(roots, '5')).toMatchObject({ checked: true, checkFlag: 'Y' });
    expect(roots[0].expand).toBe(true);
    expect(node(roots, '2').expand).toBe(false);
    expect(leaf.row).toBe(rows[2]);
  });

  it('makes a row whose parent is not in the list a root', () => {
    const roots = buildTree(rows.slice(1), config);
    expect(roots.map((r) => r.key)).toEqual(['2', '5', '6']);
    expect(node(roots, '3').treeFullPath).toBe('2.3');
  });

  it.each([
    ['no config', undefined],
    ['no key field', { ...config, keyField: '' }],
    ['no parent key field', { ...config, parentKeyField: '' }],
    ['no level field', { ...config, levelField: '' }],
    ['no title fields', { ...config, titleFields: [] }],
  ])('raises the tree-parse error with %s', (_, badConfig) => {
    expect(() => buildTree(rows, badConfig as TreeConfig)).toThrow(TreeParseError);
  });

  it('raises the tree-parse error for rows without a key, parent key or level, duplicates and cycles', () => {
    expect(() => buildTree([{ parentId: 0, level: 1 }], config)).toThrow(/row 1 has no id/);
    expect(() => buildTree([{ id: 1, level: 1 }], config)).toThrow(/row 1 has no parentId/);
    expect(() => buildTree([{ id: 1, parentId: 0 }], config)).toThrow(/level/);
    expect(() => buildTree([rows[0], rows[0]], config)).toThrow(/twice/);
    expect(() =>
      buildTree(
        [
          { id: 1, parentId: 2, level: 1 },
          { id: 2, parentId: 1, level: 2 },
        ],
        config,
      ),
    ).toThrow(/cycle/);
    const error = (() => {
      try {
        buildTree([], undefined);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(TreeParseError);
    expect((error as TreeParseError).messageCn).toMatch(/^树形数据解析失败/);
  });
});

describe('setChecked', () => {
  const roots = buildTree(rows, config);

  it('checking a parent checks all its descendants (and marks them edited)', () => {
    const next = setChecked(roots, '2', true);
    expect(checkedKeys(next)).toEqual(['1', '2', '3', '4', '5']);
    expect(
      flattenTree(next)
        .filter((n) => n.isEdit)
        .map((n) => n.key),
    ).toEqual(['1', '2', '3', '4']);
    expect(node(next, '3').checkFlag).toBe('Y');
  });

  it('checking a child checks all its ancestors', () => {
    const next = setChecked(roots, '4', true);
    expect(checkedKeys(next)).toEqual(['1', '2', '4', '5']);
  });

  it('unchecking a child keeps an ancestor checked only while a sibling is still checked', () => {
    const both = setChecked(setChecked(roots, '3', true), '4', true);
    const one = setChecked(both, '3', false);
    expect(checkedKeys(one)).toEqual(['1', '2', '4', '5']);
    const none = setChecked(one, '4', false);
    // 0101 has no checked child left; 01 keeps its other checked child 0102.
    expect(checkedKeys(none)).toEqual(['1', '5']);
    const empty = setChecked(none, '5', false);
    expect(checkedKeys(empty)).toEqual([]);
  });

  it('unchecking a parent unchecks its descendants', () => {
    const next = setChecked(setChecked(roots, '2', true), '2', false);
    expect(checkedKeys(next)).toEqual(['1', '5']);
  });

  it('leaves the given forest untouched and ignores unknown keys', () => {
    setChecked(roots, '2', true);
    expect(checkedKeys(roots)).toEqual(['5']);
    expect(flattenTree(roots).some((n) => n.isEdit)).toBe(false);
    expect(checkedKeys(setChecked(roots, 'nope', true))).toEqual(['5']);
  });
});
