import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import type { SqlExecutor } from '../db/sqlExecutor';
import { idOf } from '../home/readerContext';

/**
 * The role's menu/button permits as one tree (systemsetting/menuFuncPrivilege): menus keyed
 * `M{menuId}`, their buttons `R{menuId}:{resourceCode}` below them. The runtime's tree-check
 * widget builds the tree from these flat rows (metadata/src/tree.ts) and sends back only the
 * nodes the administrator changed; both kinds of permit are written in one transaction.
 */
export interface PrivilegeRow {
  key: string;
  parentKey: string;
  level: number;
  kind: 'menu' | 'resource';
  code: string;
  name: string;
  checkFlag: 'Y' | 'N';
}

export interface PrivilegeChange {
  key: string;
  checked: boolean;
}

type Ref = { menuId: number; resourceCode?: string };

const menuKey = (menuId: number) => `M${menuId}`;
const resourceKey = (menuId: number, code: string) => `R${menuId}:${code}`;

export async function loadRole(kernel: Kernel, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { t, c } = kernel.auth.access.sql;
  const id = idOf({ id: body.roleId });
  const rows = await kernel.db.select(
    `SELECT ${c('baseRole', 'roleId')} AS roleId, ${c('baseRole', 'roleCode')} AS roleCode, ${c('baseRole', 'roleName')} AS roleName, ` +
      `${c('baseRole', 'roleNameEn')} AS roleNameEn FROM ${t('baseRole')} WHERE ${c('baseRole', 'roleId')} = ?`,
    [id],
  );
  if (!rows.length) throw Errors.recordNotFound();
  return { ...rows[0], roleId: Number(rows[0].roleId) };
}

async function menusAndResources(kernel: Kernel) {
  const { t, c } = kernel.auth.access.sql;
  const menus = await kernel.db.select(
    `SELECT ${c('baseMenu', 'menuId')} AS id, ${c('baseMenu', 'menuParentId')} AS parentId, ${c('baseMenu', 'menuCode')} AS code, ` +
      `${c('baseMenu', 'menuName')} AS nameCn, ${c('baseMenu', 'menuNameEn')} AS nameEn FROM ${t('baseMenu')} ` +
      `ORDER BY ${c('baseMenu', 'menuParentId')}, ${c('baseMenu', 'seqNum')}, ${c('baseMenu', 'menuId')}`,
  );
  const resources = await kernel.db.select(
    `SELECT ${c('baseMenuResource', 'menuId')} AS menuId, ${c('baseMenuResource', 'resourceCode')} AS code, ${c('baseMenuResource', 'resourceName')} AS nameCn, ` +
      `${c('baseMenuResource', 'resourceNameEn')} AS nameEn FROM ${t('baseMenuResource')} ORDER BY ${c('baseMenuResource', 'resourceId')}`,
  );
  return { menus, resources };
}

async function grantsOf(kernel: Kernel, tx: Pick<SqlExecutor, 'select'>, roleId: number): Promise<Set<string>> {
  const { t, c } = kernel.auth.access.sql;
  const menus = await tx.select(
    `SELECT ${c('baseRoleMenu', 'menuId')} AS menuId FROM ${t('baseRoleMenu')} WHERE ${c('baseRoleMenu', 'roleId')} = ?`,
    [roleId],
  );
  const resources = await tx.select(
    `SELECT ${c('baseRoleResource', 'menuId')} AS menuId, ${c('baseRoleResource', 'resourceCode')} AS code FROM ${t('baseRoleResource')} WHERE ${c('baseRoleResource', 'roleId')} = ?`,
    [roleId],
  );
  return new Set([
    ...menus.map((m) => menuKey(Number(m.menuId))),
    ...resources.map((r) => resourceKey(Number(r.menuId), String(r.code))),
  ]);
}

/** Every menu and button as flat tree rows, checked where the role grants it. */
export async function privilegeRows(kernel: Kernel, roleId: number, ctx: ResourceContext): Promise<PrivilegeRow[]> {
  const { menus, resources } = await menusAndResources(kernel);
  const granted = await grantsOf(kernel, kernel.db, roleId);
  const name = (r: Record<string, unknown>) => String((ctx.language === 'EN' && r.nameEn) || r.nameCn || r.code);
  const parentOf = new Map(menus.map((m) => [Number(m.id), Number(m.parentId ?? 0)]));
  const depth = (id: number): number => {
    let level = 1;
    for (let p = parentOf.get(id) ?? 0; p && level <= parentOf.size; p = parentOf.get(p) ?? 0) level += 1;
    return level;
  };
  const flag = (key: string) => (granted.has(key) ? 'Y' : 'N');
  const rows: PrivilegeRow[] = menus.map((m) => {
    const id = Number(m.id);
    const parent = parentOf.get(id) ?? 0;
    return {
      key: menuKey(id),
      parentKey: parent ? menuKey(parent) : '0',
      level: depth(id),
      kind: 'menu',
      code: String(m.code),
      name: name(m),
      checkFlag: flag(menuKey(id)),
    };
  });
  for (const r of resources) {
    const menuId = Number(r.menuId);
    if (!parentOf.has(menuId)) continue;
    const key = resourceKey(menuId, String(r.code));
    rows.push({
      key,
      parentKey: menuKey(menuId),
      level: depth(menuId) + 1,
      kind: 'resource',
      code: String(r.code),
      name: name(r),
      checkFlag: flag(key),
    });
  }
  return rows;
}

/** A change's key, checked against the menus and buttons that exist (nothing else can be granted). */
export function parseChanges(body: Record<string, unknown>, known: Set<string>): (PrivilegeChange & Ref)[] {
  if (!Array.isArray(body.changes))
    throw Errors.badRequest('changes 必须是数组', 'changes must be a list', [
      { field: 'changes', message: 'required' },
    ]);
  return body.changes.map((raw, i) => {
    const change = (raw ?? {}) as Record<string, unknown>;
    const key = String(change.key ?? '');
    if (!known.has(key) || typeof change.checked !== 'boolean') {
      throw Errors.badRequest(
        `第 ${i + 1} 项不是有效的菜单或按钮`,
        `Change ${i + 1} is not a known menu or button with checked true/false`,
        [{ field: `changes[${i}]`, message: 'invalid' }],
      );
    }
    const m = /^M(\d+)$/.exec(key) ?? /^R(\d+):(.+)$/.exec(key)!;
    return { key, checked: change.checked, menuId: Number(m[1]), resourceCode: m[2] };
  });
}

/** Applies the changed nodes in one transaction: grants what was checked, revokes what was unchecked. */
export async function savePrivileges(
  kernel: Kernel,
  roleId: number,
  changes: (PrivilegeChange & Ref)[],
  ctx: ResourceContext,
): Promise<void> {
  const { t, c } = kernel.auth.access.sql;
  const roleMenu = kernel.registry.entity('baseRoleMenu')!;
  const roleResource = kernel.registry.entity('baseRoleResource')!;
  await kernel.db.transaction(async (tx) => {
    const granted = await grantsOf(kernel, tx, roleId);
    for (const change of changes) {
      if (change.checked === granted.has(change.key)) continue;
      if (change.resourceCode === undefined) {
        if (change.checked) await kernel.resources.writer.insert(tx, roleMenu, { roleId, menuId: change.menuId }, ctx);
        else
          await tx.execute(
            `DELETE FROM ${t('baseRoleMenu')} WHERE ${c('baseRoleMenu', 'roleId')} = ? AND ${c('baseRoleMenu', 'menuId')} = ?`,
            [roleId, change.menuId],
          );
      } else if (change.checked) {
        await kernel.resources.writer.insert(
          tx,
          roleResource,
          { roleId, menuId: change.menuId, resourceCode: change.resourceCode },
          ctx,
        );
      } else {
        await tx.execute(
          `DELETE FROM ${t('baseRoleResource')} WHERE ${c('baseRoleResource', 'roleId')} = ? AND ${c('baseRoleResource', 'menuId')} = ? AND ${c('baseRoleResource', 'resourceCode')} = ?`,
          [roleId, change.menuId, change.resourceCode],
        );
      }
      if (change.checked) granted.add(change.key);
      else granted.delete(change.key);
    }
  });
  // Grants are cached for a few seconds; the new ones apply from the next call.
  kernel.auth.access.invalidate();
}
