import { Errors } from '../http/apiError';
import type { ActionRegistry } from './actionRegistry';

/**
 * findMenuByResp and findByMenuResp (spec 1 section 7). Until the access issue lands there are no
 * responsibilities yet: every enabled menu is returned and a menu's resources are its own.
 */
export function registerMenuActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseMenuRestful',
    action: 'findMenuByResp',
    handler: async (body, ctx, kernel) => {
      const q = kernel.db.dialect.quote;
      const where: string[] = [];
      const params: string[] = [];
      if (body.isValid !== false) where.push(`${q('enabled')} = 'Y'`);
      if (typeof body.systemCode === 'string' && body.systemCode) { where.push(`${q('system_code')} = ?`); params.push(body.systemCode); }
      if (typeof body.menuCode === 'string' && body.menuCode) { where.push(`${q('menu_code')} = ?`); params.push(body.menuCode); }
      const rows = await kernel.db.select(
        `SELECT ${q('menu_id')} AS menuId, ${q('menu_code')} AS menuCode, ${q('menu_name')} AS menuNameCn, ${q('menu_name_en')} AS menuNameEn, ` +
          `${q('menu_type')} AS menuType, ${q('html_url')} AS htmlUrl, ${q('image_link')} AS imageLink, ${q('menu_parent_id')} AS menuParentId, ` +
          `${q('level_id')} AS levelId, ${q('seq_num')} AS seqNum, ${q('enabled')} AS enabled, ${q('system_code')} AS systemCode ` +
          `FROM ${q('base_menu')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${q('menu_parent_id')}, ${q('seq_num')}, ${q('menu_id')}`,
        params,
      );
      const data = rows.map(({ menuNameCn, menuNameEn, ...m }) => ({ ...m, menuName: ctx.language === 'EN' ? menuNameEn || menuNameCn : menuNameCn }));
      // A missing menu answers menuId 0 (spec 1 section 2: to-dos that cannot navigate).
      return { data: data.length ? data : body.menuCode ? [{ menuId: 0 }] : [] };
    },
  });
  actions.register({
    area: 'baseServer',
    resource: 'baseResourceRestful',
    action: 'findByMenuResp',
    handler: async (body, ctx, kernel) => {
      const menuId = Number(body.menuId);
      if (!Number.isSafeInteger(menuId) || menuId < 0) throw Errors.badRequest('menuId 无效', 'menuId must be a menu id');
      const q = kernel.db.dialect.quote;
      const rows = await kernel.db.select(
        `SELECT ${q('resource_code')} AS resourceCode, ${q('resource_name')} AS nameCn, ${q('resource_name_en')} AS nameEn, ${q('res_icon')} AS resIcon ` +
          `FROM ${q('base_menu_resource')} WHERE ${q('menu_id')} = ? ORDER BY ${q('resource_id')}`,
        [menuId],
      );
      return { data: rows.map(({ nameCn, nameEn, ...r }) => ({ ...r, resourceName: ctx.language === 'EN' ? nameEn || nameCn : nameCn })) };
    },
  });
}
