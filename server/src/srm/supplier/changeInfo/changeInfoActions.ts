import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import type { TransitionHandlerRegistry } from '../../../lifecycle/transitionHandlers';
import { applyChangeInfo, prepareChange, submitChangeInfo } from './changeInfoEffects';
import { CHANGE, ChangeInfoStore } from './changeInfoStore';

/** Supplier info change (DOMAIN 1.3): the applicant stamp and line checks on save, and the submit and approve handlers of lifecycle slcChangeInfo. */
export function registerChangeInfo(
  hooks: RecordHookRegistry,
  handlers: TransitionHandlerRegistry,
  deps: { registry: MetadataRegistry; db: Database },
): void {
  const store = new ChangeInfoStore(deps.registry, deps.db, hooks);
  hooks.registerBeforeSave(CHANGE, (draft) => prepareChange(store, draft));
  // Every transition of a change first locks its supplier: one change under approval per supplier.
  handlers.registerOwner(CHANGE, 'supplierId');
  handlers.register('submitChangeInfo', (run) => submitChangeInfo(store, run));
  handlers.register('applyChangeInfo', (run) => applyChangeInfo(store, run));
}
