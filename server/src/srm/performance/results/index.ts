/**
 * Performance results (DOMAIN.md §2.3): release, agree or appeal, appeal decisions, rectification.
 * The appeal deadline is doDeadlineConfirm's timer (spePerformance.json: the day after
 * appealDeadline), fired by the platform scheduler as the system.
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerResultActions } from './resultActions';
import { registerResultFinders } from './resultFinders';
import { ResultStore } from './resultStore';
import { registerResultTransitions } from './resultTransitions';

export function registerSpeResults(into: DomainRegistries): void {
  const { actions, hooks, handlers, registry, db } = into;
  const store = new ResultStore(registry, db, hooks);
  registerResultTransitions(store, handlers);
  registerResultActions(store, actions);
  registerResultFinders(store, actions);
}
