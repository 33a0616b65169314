/** Delivery appointments, barcode labels and label sizes (DOMAIN 5.8 "Other purchasing records"; 5.6 printing). */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerBarcodeActions } from './barcodeActions';
import { LabelStore } from './labelStore';
import { registerReserve } from './reserve';
import { registerReserveActions } from './reserveActions';

export function registerLabels({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const store = new LabelStore(registry, db);
  registerReserve(store, hooks, handlers);
  registerReserveActions(store, actions);
  registerBarcodeActions(store, actions);
}
