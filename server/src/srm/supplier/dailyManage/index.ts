/** Daily management (DOMAIN 1.8): site lines, its approval's moves and its two named queries (the submit's rules are declared checks). */
import { recordIdInput } from '../../../platform/actionInput';
import type { DomainRegistries } from '../../../platform/domainModules';
import { fillSiteLines } from '../status/siteLines';
import { SITE, SupplierStatusStore } from '../status/supplierStatusStore';
import { applyDailyManage, MANAGE, MANAGE_SITE, statusAfterOf } from './dailyManageEffects';

const RESOURCE = 'srmSlcDailyManageRestful';
const PAGES = ['slcDailyManageEdit', 'srmSlcDailyManageList'];

export function registerDailyManage({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new SupplierStatusStore(registry, db, hooks);
  // Every transition locks the supplier first: two documents moving one supplier's sites apply one after the other.
  handlers.registerOwner(MANAGE, 'supplierId');
  handlers.register('applyDailyManage', (run) => applyDailyManage(store, run));
  hooks.registerBeforeSave(MANAGE, async (draft) => {
    await fillSiteLines(store, draft, {
      child: 'sites',
      withLocation: true,
      statusAfter: (header, before) => statusAfterOf(String(header.manageType ?? ''), before),
    });
    // A save of the header alone keeps its lines: their statusAfter follows a changed manage type
    // (the submit's checks hold statusBefore to the site's state, so statusAfter is then the move's).
    if (draft.children.sites || draft.id === undefined || draft.values.manageType === undefined) return;
    for (const line of await store.rowsWhere(draft.tx, MANAGE_SITE, { dailyManageId: draft.id })) {
      if (line.statusBefore === null) continue;
      const statusAfter = statusAfterOf(String(draft.values.manageType), String(line.statusBefore));
      if (line.statusAfter !== statusAfter)
        await store.setFields(draft.tx, MANAGE_SITE, Number(line.manageSiteId), { statusAfter }, draft.ctx);
    }
  });
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'queryManageInfoById',
    access: { pages: PAGES, resourceCode: 'btnView' },
    input: recordIdInput(),
    // The header with its site lines, through the caller's scope (404 outside it).
    handler: async (body, ctx, kernel, req) => {
      const entity = store.model(MANAGE);
      const scope = await kernel.auth.guard.rowScope(req.identity!, entity, true, ctx);
      return { data: await kernel.resources.findById(entity, body.id as number, ctx, scope) };
    },
  });
  actions.register({
    area: 'srmServer',
    resource: RESOURCE,
    action: 'querySitesByLocationId',
    access: { pages: PAGES, resourceCode: 'btnSave' },
    input: recordIdInput('locationId', { manageType: { type: 'string', maxLength: 30 } }),
    // The sites of a supplier location as new lines (statusAfter for the manage type when given).
    handler: async (body, ctx, kernel, req) => {
      const site = store.model(SITE);
      const scope = await kernel.auth.guard.rowScope(req.identity!, site, true, ctx);
      const locationId = body.locationId as number;
      const { rows } = await kernel.resources.reader.list(
        site,
        { params: {}, filter: { field: 'locationId', op: 'eq', value: locationId }, pageIndex: 1, pageRows: 500 },
        ctx,
        scope,
      );
      const type = (body.manageType as string | undefined) ?? '';
      return {
        data: rows.map((r) => ({
          locationId,
          locationName: r.locationName,
          siteId: r.siteId,
          siteName: r.siteName,
          orgId: r.orgId,
          ouName: r.ouName,
          statusBefore: r.siteStatus,
          statusAfter: statusAfterOf(type, String(r.siteStatus)),
          selectFlag: 'Y',
        })),
      };
    },
  });
}
