import type { ActionRegistry } from '../platform/actionRegistry';
import { loadRole, parseChanges, privilegeRows, savePrivileges } from './rolePrivileges';

const PAGE = 'systemsetting/menuFuncPrivilege';

/**
 * baseRoleRestful/findPrivilegeTree {roleId} → {role, rows} and
 * baseRoleRestful/savePrivileges {roleId, changes:[{key, checked}]} → {role, rows} (the fresh
 * tree): the role privilege screen. Callable only from a menu opening that page, with btnView
 * to read and btnSave to write.
 */
export function registerRolePrivilegeActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseRoleRestful',
    action: 'findPrivilegeTree',
    access: { pages: [PAGE], resourceCode: 'btnView' },
    handler: async (body, ctx, kernel) => {
      const role = await loadRole(kernel, body);
      return { data: { role, rows: await privilegeRows(kernel, role.roleId as number, ctx) } };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseRoleRestful',
    action: 'savePrivileges',
    access: { pages: [PAGE], resourceCode: 'btnSave' },
    handler: async (body, ctx, kernel) => {
      const role = await loadRole(kernel, body);
      const roleId = role.roleId as number;
      const known = new Set((await privilegeRows(kernel, roleId, ctx)).map((r) => r.key));
      await savePrivileges(kernel, roleId, parseChanges(body, known), ctx);
      return { data: { role, rows: await privilegeRows(kernel, roleId, ctx) } };
    },
  });
}
