import { describe, expect, it } from 'vitest';
import type { MenuDef } from './generated/meta-model';
import { graftMenus, menuGraftProblems } from './menuGraft';

const dir = (menuCode: string, children: MenuDef[] = [], parentMenuCode?: string): MenuDef => ({
  menuCode,
  menuName: { cn: menuCode, en: menuCode },
  menuType: 'DIR',
  children,
  ...(parentMenuCode ? { parentMenuCode } : {}),
});
const page = (menuCode: string, parentMenuCode?: string): MenuDef => ({
  menuCode,
  menuName: { cn: menuCode, en: menuCode },
  menuType: 'PAGE',
  htmlUrl: menuCode,
  ...(parentMenuCode ? { parentMenuCode } : {}),
});

describe('graftMenus', () => {
  it('places an entry with a parentMenuCode under that directory, after its own children, leaving the documents as written', () => {
    const performance = dir('PERF', [page('SCORES')]);
    const setup = dir('SETUP', [page('INDICATORS')], 'PERF');
    const copies: string[] = [];
    const tree = graftMenus([performance, setup], (copy) => copies.push(copy.menuCode));
    expect(tree.map((m) => m.menuCode)).toEqual(['PERF']);
    expect(tree[0].children!.map((m) => m.menuCode)).toEqual(['SCORES', 'SETUP']);
    expect(tree[0].children![1].children!.map((m) => m.menuCode)).toEqual(['INDICATORS']);
    expect(performance.children!.map((m) => m.menuCode)).toEqual(['SCORES']);
    expect(copies).toEqual(['PERF']);
  });

  it('reaches a directory nested in another file, and chains of placed entries', () => {
    const root = dir('ROOT', [dir('INNER')]);
    const tree = graftMenus([root, dir('MID', [], 'INNER'), page('LEAF', 'MID')], () => undefined);
    expect(tree[0].children![0].children![0].menuCode).toBe('MID');
    expect(tree[0].children![0].children![0].children![0].menuCode).toBe('LEAF');
  });

  it('answers the entries themselves when none is placed', () => {
    const entries = [dir('A'), page('B')];
    expect(graftMenus(entries, () => undefined)).toBe(entries);
  });
});

describe('menuGraftProblems', () => {
  it('reports an unknown parent, a parent that is a page, a nested use and a cycle', () => {
    const problems = menuGraftProblems([
      page('P'),
      page('X', 'NOPE'),
      page('Y', 'P'),
      dir('D', [{ ...page('Z'), parentMenuCode: 'P' }]),
      dir('C1', [], 'C2'),
      dir('C2', [], 'C1'),
    ]);
    expect(problems.map((p) => [p.index, p.message])).toEqual([
      [1, 'menu "X" is placed under "NOPE", which is no menu'],
      [2, 'menu "Y" is placed under "P", which is not a DIR'],
      [3, "parentMenuCode is for a menu set's top-level entries only"],
      [4, 'menu "C1" is placed under itself'],
      [5, 'menu "C2" is placed under itself'],
    ]);
  });
});
