/**
 * The menus the to-dos of designed lifecycles open from. An administrator's lifecycle names menus
 * made in the menu screens — rows of base_menu, which no metadata document declares — so the load
 * check leaves them (metadata/src/effectCheck.ts, adminMade) and a table_model validate or publish
 * looks them up here: a to-do whose menu does not exist is refused on its menuCode, as the load
 * check refuses one of a file lifecycle.
 */
import type { LifecycleDef } from '@meridian/metadata';
import type { FieldErrorOut } from '../http/apiError';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { DraftItem } from './draftInput';

interface TodoMenu {
  field: string;
  menuCode: string;
}

function todoMenusOf(key: string, lifecycle: LifecycleDef): TodoMenu[] {
  return lifecycle.transitions.flatMap((t, i) =>
    (t.effects ?? []).flatMap((effect, j) =>
      typeof effect === 'object' && 'openTodo' in effect
        ? [{ field: `${key}#/transitions/${i}/effects/${j}/openTodo/menuCode`, menuCode: effect.openTodo.menuCode }]
        : [],
    ),
  );
}

/** Throws a 400 naming every drafted to-do whose menu is not in base_menu. */
export async function checkTodoMenus(kernel: Kernel, items: DraftItem[]): Promise<void> {
  const wanted = items
    .filter((i) => i.key.startsWith('lifecycle:') && i.content)
    .flatMap((i) => todoMenusOf(i.key, i.content as unknown as LifecycleDef));
  if (!wanted.length) return;
  const codes = [...new Set(wanted.map((w) => w.menuCode))];
  const rows = await kernel.db.select(
    `SELECT menu_code FROM base_menu WHERE menu_code IN (${codes.map(() => '?').join(', ')})`,
    codes,
  );
  const known = new Set(rows.map((r) => String(r.menu_code)));
  const errors: FieldErrorOut[] = wanted
    .filter((w) => !known.has(w.menuCode))
    .map((w) => ({ field: w.field, message: `menu "${w.menuCode}" does not exist` }));
  if (errors.length) throw Errors.badRequest('元数据校验未通过', 'The metadata is not valid', errors);
}
