import { pickText } from '@meridian/metadata';
import { Errors } from '../http/apiError';
import type { ActionRegistry } from './actionRegistry';

/** findPage: the runtime's one call for a screen — the page and every entity it touches. */
export function registerMetadataActions(actions: ActionRegistry): void {
  actions.register({
    area: 'baseServer',
    resource: 'baseMetadataRestful',
    action: 'findPage',
    handler: async (body, ctx, kernel) => {
      const path = typeof body.path === 'string' ? body.path.replace(/^\/+/, '').split('?')[0] : '';
      const page = path ? kernel.registry.page(path) : undefined;
      if (!page) throw Errors.notFound('页面不存在', `No page "${path}"`);
      const entities = Object.fromEntries(kernel.registry.pageEntities(page).map((e) => [e.name, e.toClientDef()]));
      return { data: { page, entities }, msg: pickText(page.title, ctx.language) };
    },
  });
}
