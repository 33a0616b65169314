/** The approved supplier list's applications and alterations (DOMAIN.md §5.8): save rules and lifecycle purAsl's handlers. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerAslHooks } from './aslHooks';
import { AslRules } from './aslRules';
import { AslStore } from './aslStore';
import { registerAslTransitions } from './aslTransitions';

export function registerAsl({ hooks, handlers, registry, db, services }: DomainRegistries): void {
  const store = new AslStore(registry, db.dialect);
  const rules = new AslRules(store, services);
  registerAslHooks(store, rules, hooks);
  registerAslTransitions(store, rules, handlers);
}
