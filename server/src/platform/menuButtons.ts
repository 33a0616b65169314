import { pagePicks, pickResourceCode, pickText, type I18nText } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { menuReach } from '../access/pageAccess';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ResourceContext } from '../resource/context';
import { recordIdInput } from './actionInput';
import type { ActionRegistry } from './actionRegistry';

/** A button resource a menu's pages ask for, with the names its declaration gives it. */
export interface DeclaredButton {
  resourceCode: string;
  name: I18nText;
}

/**
 * The buttons the pages a menu opens ask for (the menu's page and its linked edit, detail and list
 * pages, as the permission guard reaches them): every page action's resourceCode, every line
 * pick's, and each lifecycle transition of the pages' main entities (requiredResource lets a
 * menu run those). Named by their first declaration, in page order; a transition without a label
 * takes its page action's, else its code.
 */
export function declaredButtons(registry: MetadataRegistry, htmlUrl: string | null | undefined): DeclaredButton[] {
  const buttons = new Map<string, I18nText>();
  const add = (code: string | undefined, name: I18nText | undefined) => {
    if (code && !buttons.has(code)) buttons.set(code, name ?? { cn: code, en: code });
  };
  const { pages, entities } = menuReach(registry, htmlUrl);
  for (const page of pages) {
    for (const action of page.actions ?? []) add(action.resourceCode, action.label);
    for (const { pick } of pagePicks(page)) add(pickResourceCode(page, pick), pick.label);
  }
  for (const [name, role] of entities) {
    const lifecycleName = role === 'main' ? registry.entity(name)?.def.lifecycle : undefined;
    for (const transition of (lifecycleName && registry.lifecycle(lifecycleName)?.transitions) || [])
      add(transition.resourceCode, transition.label);
  }
  return [...buttons].map(([resourceCode, name]) => ({ resourceCode, name }));
}

export interface CreatedButtons {
  created: string[];
  existing: string[];
}

/**
 * Creates the menu's missing button resources from its pages' declarations, in one transaction
 * under the menu row's lock: a second call (or two at once) creates nothing more. Buttons the menu
 * has already keep their names; buttons no page asks for are left alone.
 */
export async function createDeclaredButtons(kernel: Kernel, menuId: number, ctx: ResourceContext) {
  const menuEntity = kernel.registry.entity('baseMenu')!;
  const resourceEntity = kernel.registry.entity('baseMenuResource')!;
  const { t, c } = kernel.auth.access.sql;
  return kernel.db.transaction(async (tx): Promise<CreatedButtons> => {
    const menu = await kernel.resources.reader.byId(menuEntity, menuId, ctx, undefined, tx, true);
    if (!menu) throw Errors.recordNotFound();
    const declared = menu.menuType === 'PAGE' ? declaredButtons(kernel.registry, menu.htmlUrl as string | null) : [];
    if (!declared.length)
      throw Errors.badRequest(
        '该菜单打开的页面没有声明按钮（请确认菜单类型为页面、页面路径已发布）',
        'The pages this menu opens declare no buttons (is it a page menu whose page path is published?)',
        [{ field: 'htmlUrl', message: 'no page declares buttons' }],
      );
    const rows = await tx.select(
      `SELECT ${c('baseMenuResource', 'resourceCode')} AS code FROM ${t('baseMenuResource')} WHERE ${c('baseMenuResource', 'menuId')} = ?`,
      [menuId],
    );
    const had = new Set(rows.map((r) => String(r.code)));
    const missing = declared.filter((b) => !had.has(b.resourceCode));
    for (const { resourceCode, name } of missing)
      await kernel.resources.writer.insert(
        tx,
        resourceEntity,
        { menuId, resourceCode, resourceName: name.cn, resourceNameEn: name.en },
        ctx,
      );
    return {
      created: missing.map((b) => b.resourceCode),
      existing: declared.filter((b) => had.has(b.resourceCode)).map((b) => b.resourceCode),
    };
  });
}

/**
 * baseMenuRestful/doCreateButtons {id}: the menu screen's "生成按钮" — the button resources the
 * menu's pages declare, created at once with their CN/EN names instead of one dialog each.
 */
export function registerMenuButtonActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseMenuRestful',
    action: 'doCreateButtons',
    access: { pages: ['systemsetting/menuFunction'], resourceCode: 'btnCreateButtons' },
    input: recordIdInput(),
    handler: async (body, ctx, kernel) => {
      const result = await createDeclaredButtons(kernel, body.id as number, ctx);
      const text = {
        cn: `已生成 ${result.created.length} 个按钮，已有 ${result.existing.length} 个`,
        en: `${result.created.length} buttons created, ${result.existing.length} already there`,
      };
      return { data: result, msg: pickText(text, ctx.language) };
    },
  });
}
