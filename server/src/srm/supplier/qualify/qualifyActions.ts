import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { Errors } from '../../../http/apiError';
import type { Kernel } from '../../../kernel';
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import { recordIdInput } from '../../../platform/actionInput';
import type { ActionRegistry, ActionRequest } from '../../../platform/actionRegistry';
import type { ResourceContext } from '../../../resource/context';
import { lockOwner } from '../../../resource/invariantLocks';
import { InspectionSiteRule } from './inspectionSiteRule';
import { OA_WRITE_STATES, oaWriteSupplierInfo } from './oaWrite';
import { approveGate, completeGate } from './qualifyEffects';
import { fillQualification } from './qualifyFill';
import { Q_SITE as SITE, QUALIFY, QualifyGateStore, SUPPLIER } from './qualifyGateStore';
import { checkSceneNodes } from './sceneRules';

const PAGES = ['qualifyCensorList', 'qualifyCensor/QualifyCensorEdit'];

/**
 * getQualifyInfo {id}: on a DRAFT or REJECTED review, fills its requirement, node and site lines
 * (qualifyFill.ts) first; answers the qualification with its lines and the supplier's current
 * master status, for a caller who may read it from the calling screen (menu, responsibility, row
 * scope: 404 otherwise, as findById).
 */
async function getQualifyInfo(body: Record<string, unknown>, ctx: ResourceContext, kernel: Kernel, req: ActionRequest) {
  const entity = kernel.registry.entity(QUALIFY)!;
  const id = body.id as number;
  const scope = await kernel.auth.guard.authorizeEntityAction(req.identity!, req.headers, entity, 'findById', ctx);
  const row = await kernel.resources.reader.byId(entity, id, ctx, scope);
  if (!row) throw Errors.recordNotFound();
  if (row.status === 'DRAFT' || row.status === 'REJECTED') {
    const store = new QualifyGateStore(kernel.registry, kernel.db, kernel.hooks);
    await kernel.db.transaction(async (tx) => {
      await lockOwner(tx, entity, id);
      await fillQualification(store, tx, row, ctx);
    });
  }
  const full = await kernel.resources.reader.withChildren(entity, row, ctx);
  const supplier = await kernel.resources.reader.byId(kernel.registry.entity(SUPPLIER)!, Number(row.supplierId), ctx);
  return { data: { ...full, supplierStatus: supplier?.supplierStatus ?? null } };
}

/** Qualification review (DOMAIN 1.5): the inspection-site rule on save, the approval's effects, and getQualifyInfo. */
export function registerQualify(
  actions: ActionRegistry,
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
  deps: { registry: MetadataRegistry; db: Database },
): void {
  const siteRule = new InspectionSiteRule(new PlatformRows(deps.registry, deps.db.dialect));
  hooks.registerBeforeSave(QUALIFY, (draft) => siteRule.remember(draft));
  hooks.registerBeforeSave(SITE, (draft) => siteRule.checkDirect(draft));
  hooks.onAfterSave((done) => siteRule.check(done));
  // The supplier's REGISTERED → POTENTIAL and the review's REGISTERED sites' are declared effects (slcQualify.json), before this.
  handlers.register('approveQualification', (run, services) => approveGate(run, services));
  handlers.register('completeQualification', (run, services) => completeGate(run, services));
  handlers.register('checkSceneNodes', (run) => checkSceneNodes(deps.registry, run));
  actions.register({
    area: 'srmServer',
    resource: 'srmSlcQualifyHeaderRestful',
    action: 'getQualifyInfo',
    access: { pages: PAGES },
    input: recordIdInput(),
    handler: getQualifyInfo,
  });
  actions.register({
    area: 'srmServer',
    resource: 'srmSlcQualifyHeaderRestful',
    action: 'doOAWriteSupplierInfo',
    access: { pages: PAGES, resourceCode: 'btnOAWriteSupplierInfo' },
    input: recordIdInput(),
    states: OA_WRITE_STATES,
    handler: oaWriteSupplierInfo,
  });
}
