import type { MenuDef } from './generated/meta-model';

/**
 * Places the top-level entries that name a `parentMenuCode` under that directory, so that a
 * domain's menu files (setup, adjustments, results) share one sidebar directory. The documents are
 * left as written: a directory that receives entries is copied with the longer children list
 * (`copied` is told of each copy, for source tracking). An entry whose parent is not a DIR of the
 * ungrafted tree is left out here; `crossCheck` reports it, so such metadata never loads.
 */
export function graftMenus(entries: MenuDef[], copied: (copy: MenuDef, of: MenuDef) => void): MenuDef[] {
  const grafts = new Map<string, MenuDef[]>();
  for (const entry of entries) {
    if (!entry.parentMenuCode) continue;
    grafts.set(entry.parentMenuCode, [...(grafts.get(entry.parentMenuCode) ?? []), entry]);
  }
  if (!grafts.size) return entries;
  const place = (menu: MenuDef): MenuDef => {
    const added = grafts.get(menu.menuCode) ?? [];
    const children = menu.children?.map(place);
    const unchanged = !children || children.every((c, i) => c === menu.children![i]);
    if (!added.length && unchanged) return menu;
    const copy: MenuDef = { ...menu, children: [...(children ?? []), ...added.map(place)] };
    copied(copy, menu);
    return copy;
  };
  return entries.filter((entry) => !entry.parentMenuCode).map(place);
}

/** The problems of the entries' parentMenuCode: an unknown menu, a menu that is not a DIR, a nested use. */
export function menuGraftProblems(entries: MenuDef[]): Array<{ index: number; pointer: string; message: string }> {
  const dirs = new Map<string, MenuDef>();
  const visit = (menu: MenuDef) => {
    dirs.set(menu.menuCode, menu);
    menu.children?.forEach(visit);
  };
  entries.forEach(visit);
  const problems: Array<{ index: number; pointer: string; message: string }> = [];
  entries.forEach((entry, index) => {
    const parent = entry.parentMenuCode ? dirs.get(entry.parentMenuCode) : undefined;
    if (entry.parentMenuCode && parent?.menuType !== 'DIR')
      problems.push({
        index,
        pointer: 'parentMenuCode',
        message: `menu "${entry.menuCode}" is placed under "${entry.parentMenuCode}", which is ${parent ? 'not a DIR' : 'no menu'}`,
      });
    const nestedUse = (menu: MenuDef, at: string): void =>
      menu.children?.forEach((c, i) => {
        if (c.parentMenuCode)
          problems.push({
            index,
            pointer: `${at}children/${i}/parentMenuCode`,
            message: "parentMenuCode is for a menu set's top-level entries only",
          });
        nestedUse(c, `${at}children/${i}/`);
      });
    nestedUse(entry, '');
    const seen = new Set<string>([entry.menuCode]);
    for (let up = entry.parentMenuCode; up; up = dirs.get(up)?.parentMenuCode) {
      if (!seen.has(up)) {
        seen.add(up);
        continue;
      }
      problems.push({ index, pointer: 'parentMenuCode', message: `menu "${entry.menuCode}" is placed under itself` });
      break;
    }
  });
  return problems;
}
