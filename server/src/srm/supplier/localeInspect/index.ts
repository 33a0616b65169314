/** The on-site inspection (DOMAIN.md §1.6): transition handlers, the save rule and the plan's owner lock. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { InspectPlanStore } from '../inspectPlan/inspectPlanStore';
import { LocaleInspectEffects } from './localeInspectEffects';
import { LocaleInspectSave } from './localeInspectSave';
import { INSPECT, LocaleInspectStore } from './localeInspectStore';

export function registerLocaleInspect({ handlers, hooks, registry, db }: DomainRegistries): void {
  const store = new LocaleInspectStore(registry, db);
  const effects = new LocaleInspectEffects(store, new InspectPlanStore(registry, db));
  const save = new LocaleInspectSave(store);
  // Every transition of an inspection locks its plan first: two experts scoring, or the plan's last
  // two inspections approved, at once are counted one after the other.
  handlers.registerOwner(INSPECT, 'inspectPlanId');
  hooks.registerBeforeSave(INSPECT, (draft) => save.check(draft));
  handlers.register('expertSubmitLocaleInspect', (run, deps) => effects.expertSubmit(run, deps));
  handlers.register('checkLocaleInspectSubmit', (run) => effects.checkSubmit(run));
  handlers.register('approveLocaleInspect', (run, deps) => effects.approve(run, deps));
}
