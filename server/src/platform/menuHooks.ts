/**
 * A menu's level follows from its parent: top-level menus (parent 0) are level 1, every other is
 * its parent's level + 1 — the numbering the seeder uses. The server derives it on every save, so
 * no caller can store a level that contradicts the tree; moving a menu renumbers its subtree, and
 * a menu cannot be moved under itself or one of its descendants (that would cut it off the tree).
 */
import type { EntityModel } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { RecordHookRegistry, SaveDraft } from '../hooks/recordHooks';
import { Errors } from '../http/apiError';

const MENU = 'baseMenu';

interface StoredMenu {
  parentId: number;
  level: number | null;
}

async function readMenus(tx: SqlExecutor, entity: EntityModel): Promise<Map<number, StoredMenu>> {
  const q = tx.dialect.quote;
  const column = (name: string) => q(entity.field(name)!.column);
  const rows = await tx.select(
    `SELECT ${column('menuId')} AS id, ${column('menuParentId')} AS parent, ${column('levelId')} AS lvl FROM ${q(entity.table)}`,
    [],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { parentId: Number(row.parent ?? 0), level: row.lvl === null ? null : Number(row.lvl) },
    ]),
  );
}

const parentError = (cn: string, en: string) => Errors.badRequest(cn, en, [{ field: 'menuParentId', message: en }]);

/** The level a menu under `parentId` gets: 1 + the number of its ancestors (the stored levels may be stale). */
export function levelUnder(menus: Map<number, StoredMenu>, parentId: number, selfId?: number): number {
  let level = 1;
  const seen = new Set<number>();
  for (let id = parentId; id !== 0; id = menus.get(id)!.parentId) {
    if (!menus.has(id)) throw parentError('上级菜单不存在', `There is no menu ${id} to be the parent`);
    if (id === selfId)
      throw parentError(
        '上级菜单不能是该菜单自身或其下级菜单',
        'A menu cannot be placed under itself or one of its descendants',
      );
    // A cycle already stored (not through this menu) must not hang the save.
    if (seen.has(id))
      throw parentError('菜单树存在循环，请先修正上级菜单', 'The menu tree has a cycle; fix its parents first');
    seen.add(id);
    level++;
  }
  return level;
}

/** Levels of the menus below `rootId` when it sits at `rootLevel`: [menuId, level] for each one that changes. */
export function subtreeLevels(
  menus: Map<number, StoredMenu>,
  rootId: number,
  rootLevel: number,
): Array<[number, number]> {
  const changes: Array<[number, number]> = [];
  let layer = [rootId];
  for (let level = rootLevel + 1; layer.length; level++) {
    const next = [...menus]
      .filter(([, menu]) => layer.includes(menu.parentId))
      .map(([id]) => id)
      .filter((id) => id !== rootId);
    for (const id of next) if (menus.get(id)!.level !== level) changes.push([id, level]);
    layer = next;
  }
  return changes;
}

async function deriveLevel(draft: SaveDraft): Promise<void> {
  const { values, tx, entity, id } = draft;
  const menus = await readMenus(tx, entity);
  const parentId =
    values.menuParentId !== undefined && values.menuParentId !== null && values.menuParentId !== ''
      ? Number(values.menuParentId)
      : id !== undefined
        ? (menus.get(id)?.parentId ?? 0)
        : 0;
  if (!Number.isSafeInteger(parentId) || parentId < 0)
    throw parentError('上级菜单无效', 'The parent menu is not valid');
  values.menuParentId = parentId;
  values.levelId = levelUnder(menus, parentId, id);
  if (id === undefined) return;
  const q = tx.dialect.quote;
  const sql = `UPDATE ${q(entity.table)} SET ${q(entity.field('levelId')!.column)} = ? WHERE ${q(entity.field('menuId')!.column)} = ?`;
  for (const [childId, level] of subtreeLevels(menus, id, values.levelId as number))
    await tx.execute(sql, [level, childId]);
}

export function registerMenuHooks(hooks: RecordHookRegistry): void {
  hooks.registerBeforeSave(MENU, deriveLevel);
}
