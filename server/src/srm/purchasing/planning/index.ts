/** Planning and stock (DOMAIN.md §5.8): forecasts, VMI stock and its transactions, system warnings. */
import type { DomainRegistries } from '../../../platform/domainModules';
import { registerForecastSave } from './forecastSave';
import { dateText } from '../../../scheduler/timerSchedule';
import { Planning } from './planningContext';
import { registerVmi } from './vmiStock';
import { scanWarnings } from './warningJob';
import { registerWarningActions } from './warnings';

export function registerPlanning({ actions, hooks, jobs, registry, db }: DomainRegistries): void {
  const p = new Planning(registry, db);
  registerForecastSave(p, hooks);
  registerVmi(p, hooks);
  registerWarningActions(p, actions);
  // Daily at the time metadata/apps/srm/purchasing/schedules/purchasingJobs.json declares.
  jobs.register('purchasingWarningScan', ({ now }) => scanWarnings(registry, db, dateText(now)));
}
