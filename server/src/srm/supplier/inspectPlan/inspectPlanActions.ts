import type { JsonSchema } from '@meridian/metadata';
import type { DomainRegistries } from '../../../platform/domainModules';
import { LocaleInspectStore } from '../localeInspect/localeInspectStore';
import { InspectPlanEffects } from './inspectPlanEffects';
import { InspectPlanStore, PLAN } from './inspectPlanStore';
import { registerPlanLoaders } from './planLoaders';
import { PlanSites } from './planSites';

/** `{qualifyHeaderIds}`: positive whole numbers, at most 200 (a plan inspects a handful of suppliers). */
const SITES_INPUT: JsonSchema = {
  type: 'object',
  required: ['qualifyHeaderIds'],
  properties: { qualifyHeaderIds: { type: 'array', maxItems: 200, items: { type: 'integer', minimum: 1 } } },
};

/**
 * The inspection plan's server side: the site table's source (findSupplierSites, for the plan's
 * edit page only), the save rule on its site lines, its lifecycle handlers (slcInspectPlan) and
 * its named actions (the category and address loaders, listSlcInspectPlan).
 */
export function registerInspectPlan({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new InspectPlanStore(registry, db);
  const sites = new PlanSites(store.rows);
  const effects = new InspectPlanEffects(store, new LocaleInspectStore(registry, db));
  hooks.registerBeforeSave(PLAN, (draft) => sites.checkDraft(draft));
  handlers.register('startInspectPlan', (run) => effects.start(run));
  registerPlanLoaders(actions, store, registry);
  actions.register({
    area: 'srmServer',
    resource: 'srmSlcInspectPlanRestful',
    action: 'findSupplierSites',
    access: { pages: ['inspectPlanEdit'], resourceCode: 'btnSave' },
    input: SITES_INPUT,
    handler: async (body, ctx, kernel, req) => {
      // Only qualifications the caller may read (organisation permits): the others' sites are not listed.
      const qualify = registry.entity('srmSlcQualifyHeader')!;
      const scope = await kernel.auth.guard.rowScope(req.identity!, qualify, true, ctx);
      const asked = [...new Set(body.qualifyHeaderIds as number[])];
      const readable =
        scope && asked.length
          ? (
              await kernel.resources.reader.list(
                qualify,
                {
                  params: {},
                  filter: { field: 'qualifyHeaderId', op: 'in', value: asked },
                  pageIndex: 1,
                  pageRows: 500,
                },
                ctx,
                scope,
              )
            ).rows.map((r) => Number(r.qualifyHeaderId))
          : asked;
      return { data: await sites.ofQualifications(kernel.db, readable) };
    },
  });
}
