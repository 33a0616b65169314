/**
 * The names a lifecycle designer picks by (tableModelRestful/listNames): enabled responsibilities
 * and roles (a to-do's approvers) and menus (the menu a to-do opens from), code with CN/EN name.
 * Read from the tables, not the metadata: administrators make them in the system screens, and the
 * designer asks again each time a to-do is edited, so a menu made a minute ago is offered.
 */
import type { Kernel } from '../kernel';

export interface NamedCode {
  code: string;
  name: string;
  nameEn: string | null;
}

async function named(kernel: Kernel, table: string, prefix: string, where: string): Promise<NamedCode[]> {
  const rows = await kernel.db.select(
    `SELECT ${prefix}_code AS code, ${prefix}_name AS name, ${prefix}_name_en AS name_en FROM ${table} WHERE ${where} ORDER BY ${prefix}_code`,
  );
  return rows.map((r) => ({
    code: String(r.code),
    name: String(r.name ?? r.code),
    nameEn: (r.name_en as string) ?? null,
  }));
}

export async function listNames(kernel: Kernel) {
  return {
    responsibilities: await named(kernel, 'base_responsibility', 'responsibility', "enabled_flag = 'Y'"),
    roles: await named(kernel, 'base_role', 'role', "enabled_flag = 'Y'"),
    menus: await named(kernel, 'base_menu', 'menu', "enabled = 'Y' AND menu_type = 'PAGE'"),
  };
}
