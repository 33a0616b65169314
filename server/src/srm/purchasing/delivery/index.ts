/** Delivery (DOMAIN 5.5–5.7): notices, delivery notes (ASN), receiving and receipt transactions. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { Delivery } from './deliveryContext';
import { registerNotes } from './notes';
import { registerNotices } from './notices';
import { registerReceive } from './receive';

export function registerDelivery({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const d = new Delivery(registry, db);
  registerNotices(d, hooks, handlers);
  registerNotes(d, hooks, handlers);
  registerReceive(d, actions);
}
