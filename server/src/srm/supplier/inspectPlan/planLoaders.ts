/**
 * The inspection plan's named actions (DOMAIN.md §1.6): doLoadSupplierCategories and
 * doLoadSupplierLocations fill the plan's category and address lines from its suppliers' master
 * data, and listSlcInspectPlan is the plan list with each plan's inspection progress.
 */
import { declaredText } from '../../../http/declaredErrors';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Row, SqlExecutor } from '../../../db/sqlExecutor';
import { eitherIdInput, idFrom } from '../../../platform/actionInput';
import type { ActionRegistry, RegisteredAction } from '../../../platform/actionRegistry';
import { parseListRequest } from '../../../resource/listRequest';
import { INSPECT } from '../localeInspect/localeInspectStore';
import { PLAN, PLAN_CATEGORY, PLAN_LOCATION, PLAN_SUPPLIER, type InspectPlanStore } from './inspectPlanStore';

type Handler = RegisteredAction['handler'];
type Line = Record<string, string | number | null>;

const EDITABLE = ['DRAFT', 'REJECTED'];

const PLAN_ID = ['id', 'inspectPlanId'];

/** The loaders' body, and the states a plan's lines are reloaded in (the same 409 as before). */
const LOAD: Pick<RegisteredAction, 'input' | 'states'> = {
  input: eitherIdInput(PLAN_ID),
  states: {
    entity: PLAN,
    id: PLAN_ID,
    in: EDITABLE,
    refusal: () => declaredText('supplier.planLinesNotReloadable'),
  },
};

/**
 * A loader: the plan's lines of `entity` are replaced by `build`'s, in a transaction that starts
 * with LOAD's declared states — the plan locked, readable by the caller and still editable.
 */
function loader(
  store: InspectPlanStore,
  registry: MetadataRegistry,
  entity: string,
  build: (tx: SqlExecutor, s: { supplierId: number; qualifyHeaderId: number | null }) => Promise<Line[]>,
): Handler {
  return async (body, ctx, kernel, req) => {
    const plan = registry.entity(PLAN)!;
    const id = idFrom(body, PLAN_ID);
    await kernel.db.transaction(async (tx) => {
      const lines: Line[] = [];
      for (const s of await store.suppliers(tx, id)) {
        const supplier = {
          supplierId: Number(s.supplierId),
          qualifyHeaderId: s.qualifyHeaderId === null ? null : Number(s.qualifyHeaderId),
        };
        lines.push(...(await build(tx, supplier)));
      }
      await store.replaceLines(tx, entity, id, lines, ctx.userId);
    });
    const scope = await kernel.auth.guard.rowScope(req.identity!, plan, true, ctx);
    const row = await kernel.resources.reader.byId(plan, id, ctx, scope);
    return { data: row && (await kernel.resources.reader.withChildren(plan, row, ctx)) };
  };
}

export function registerPlanLoaders(
  actions: ActionRegistry,
  store: InspectPlanStore,
  registry: MetadataRegistry,
): void {
  const on = (action: string, handler: Handler, access: RegisteredAction['access'], typed = {}) =>
    actions.register({ area: 'srmServer', resource: 'srmSlcInspectPlanRestful', action, access, ...typed, handler });
  const load = { pages: ['inspectPlanEdit'], resourceCode: 'btnLoadSupplierInfo' };
  on(
    'doLoadSupplierCategories',
    loader(store, registry, PLAN_CATEGORY, async (tx, s) =>
      (await store.categoriesOf(tx, s.supplierId, s.qualifyHeaderId)).map((categoryId) => ({
        supplierId: s.supplierId,
        categoryId,
      })),
    ),
    load,
    LOAD,
  );
  on(
    'doLoadSupplierLocations',
    loader(store, registry, PLAN_LOCATION, async (tx, s) =>
      (await store.locationsOf(tx, s.supplierId)).map((l) => ({
        supplierId: s.supplierId,
        locationId: Number(l.locationId),
        addressDetail: (l.addressDetail as string | null) ?? null,
      })),
    ),
    load,
    LOAD,
  );
  on('listSlcInspectPlan', listWithProgress(store, registry), { pages: ['inspectPlanList'], resourceCode: 'btnView' });
}

/**
 * The plan list (listByPage's body and scope) with each plan's progress: suppliers, inspections
 * created and inspections approved (supplierCount, inspectCount, approvedCount).
 */
function listWithProgress(store: InspectPlanStore, registry: MetadataRegistry): Handler {
  return async (body, ctx, kernel, req) => {
    const plan = registry.entity(PLAN)!;
    const scope = await kernel.auth.guard.rowScope(req.identity!, plan, true, ctx);
    const { rows, page } = await kernel.resources.reader.list(plan, parseListRequest(body), ctx, scope);
    const where = { inspectPlanId: rows.map((r) => Number(r.inspectPlanId)) };
    const inspections = await store.rows.select(kernel.db, INSPECT, ['inspectPlanId', 'status'], where);
    const suppliers = await store.rows.select(kernel.db, PLAN_SUPPLIER, ['inspectPlanId'], where);
    const count = (list: Row[], id: number, status?: string) =>
      list.filter((r) => Number(r.inspectPlanId) === id && (!status || r.status === status)).length;
    const data = rows.map((r) => {
      const id = Number(r.inspectPlanId);
      return {
        ...r,
        supplierCount: count(suppliers, id),
        inspectCount: count(inspections, id),
        approvedCount: count(inspections, id, 'APPROVED'),
      };
    });
    return { data, page };
  };
}
