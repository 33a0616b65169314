import { pickText } from '@meridian/metadata';
import { menuReach } from '../access/pageAccess';
import { clientLifecycles, withLifecycleConditions } from '../lifecycle/pageLifecycle';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { ActionRegistry } from './actionRegistry';
import type { ActionRequest } from './actionRegistry';
import type { ResourceContext } from '../resource/context';

/** A page is readable when a menu granted to one of the user's responsibilities reaches it. */
async function pageReachable(kernel: Kernel, path: string, req: ActionRequest, ctx: ResourceContext): Promise<boolean> {
  const { access } = kernel.auth;
  for (const resp of await access.responsibilities(req.identity!.user, ctx.language)) {
    for (const menuId of await access.grantedMenuIds(resp.responsibilityId)) {
      const menu = await access.menu(menuId);
      if (menu?.enabled === 'Y' && menuReach(kernel.registry, menu.htmlUrl).pages.some((p) => p.path === path))
        return true;
    }
  }
  return false;
}

/** findPage: the runtime's one call for a screen — the page and every entity it touches. */
export function registerMetadataActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseMetadataRestful',
    action: 'findPage',
    access: 'session',
    handler: async (body, ctx, kernel, req) => {
      const path = typeof body.path === 'string' ? body.path.replace(/^\/+/, '').split('?')[0] : '';
      const page = path ? kernel.registry.page(path) : undefined;
      // Unknown and not-granted pages answer alike, so the answer does not map the application.
      // Readers' pages (access "session": notice and notification details) need no menu.
      if (!page || (page.access !== 'session' && !(await pageReachable(kernel, path, req, ctx))))
        throw Errors.notFound('页面不存在', `No page "${path}"`);
      const entities = Object.fromEntries(kernel.registry.pageEntities(page).map((e) => [e.name, e.toClientDef()]));
      const lifecycles = clientLifecycles(kernel.registry, Object.keys(entities));
      return {
        data: { page: withLifecycleConditions(kernel.registry, page), entities, lifecycles },
        msg: pickText(page.title, ctx.language),
      };
    },
  });
}
