/** Planning and stock (DOMAIN.md §5.8): forecasts, VMI stock and its transactions, system warnings. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerForecastSave } from './forecastSave';
import { registerForecastTransitions } from './forecastTransitions';
import { Planning } from './planningContext';
import { registerVmi } from './vmiStock';
import { registerWarningScan } from './warningJob';
import { registerWarningActions } from './warnings';

export function registerPlanning({ actions, hooks, handlers, registry, db }: DomainRegistries): void {
  const p = new Planning(registry, db);
  registerForecastSave(p, hooks);
  registerForecastTransitions(p, handlers);
  registerVmi(p, hooks);
  registerWarningActions(p, actions);
  registerWarningScan(registry, db);
}
