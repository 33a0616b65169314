/** Supplier collaboration (DOMAIN.md §5.8): acknowledgement forms (承认书) and engineering queries (EQ) with their promotions. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerApprovalActions } from './approvalActions';
import { registerApprovalRules } from './approvalRules';
import { Collab } from './collabContext';
import { registerEqActions } from './eqActions';
import { registerEqRules } from './eqRules';

export function registerCollaboration({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const k = new Collab(registry, db);
  registerApprovalRules(k, hooks, handlers);
  registerApprovalActions(k, actions);
  registerEqRules(k, hooks, handlers);
  registerEqActions(k, actions);
}
