/** The approved supplier list's applications and alterations (DOMAIN.md §5.8): save rules and lifecycle purAsl's handlers. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { AslStore } from './aslStore';
import { registerAslTransitions } from './aslTransitions';

export function registerAsl({ hooks, handlers, registry, db, services }: DomainRegistries): void {
  registerAslTransitions(new AslStore(registry, db.dialect, services), hooks, handlers);
}
