/**
 * The supplier trade gate, provided to other domains as DomainRegistries.services
 * SUPPLIER_TRADE_GATE (contract.ts): purchasing calls it on orders; sourcing is to call it on RFQs
 * and tenders (docs/developer-guide.md "The supplier trade gate").
 */
import { PlatformRows } from '../../../lifecycle/platformRows';
import type { DomainRegistries } from '../../../platform/domainModules';
import { SUPPLIER_TRADE_GATE } from './contract';
import { SupplierGate } from './supplierGate';

export function registerSupplierGate({ services, registry, db }: DomainRegistries): void {
  services.provide(SUPPLIER_TRADE_GATE, new SupplierGate(new PlatformRows(registry, db.dialect)));
}
