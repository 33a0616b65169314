/** Supplier exit (DOMAIN 1.10): site lines, the open-order count and its approval's moves (the rules of submit and approval are declared checks). */
import type { DomainRegistries } from '../../../platform/domainModules';
import { fillSiteLines, headerAsSaved } from '../status/siteLines';
import { SupplierStatusStore } from '../status/supplierStatusStore';
import { applyQuit, countQuitOpenOrders, QUIT } from './quitEffects';

export function registerSupplierQuit({ hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new SupplierStatusStore(registry, db, hooks);
  handlers.registerOwner(QUIT, 'supplierId');
  handlers.register('countQuitOpenOrders', (run) => countQuitOpenOrders(store, run));
  handlers.register('applySupplierQuit', (run) => applyQuit(store, run));
  hooks.registerBeforeSave(QUIT, async (draft) => {
    await fillSiteLines(store, draft, { child: 'sites', withLocation: false });
    // openPoCount is the server's count of the supplier's open orders (read-only on the page).
    const header = await headerAsSaved(store, draft);
    if (header.supplierId)
      draft.values.openPoCount = await store.openOrderCount(draft.tx, Number(header.supplierId), null);
  });
}
