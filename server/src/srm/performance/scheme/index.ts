/**
 * Evaluation schemes (DOMAIN.md §2.2, lifecycle speScheme; its submit checks are declared there): the sheets the
 * approval creates, the system indicators from this system's data (PerformanceDataSource, the
 * local provider), the named actions and the calculation (schemeCalc.ts, doCalculate's handler).
 */
import type { DomainRegistries } from '../../../platform/domainModules';
import { AdjustRules } from '../adjust/adjustRules';
import { PERFORMANCE_DATA_SOURCE } from './dataSource';
import { LocalDataSource } from './localDataSource';
import { registerSchemeActions } from './schemeActions';
import { SchemeCalc } from './schemeCalc';
import { SchemeSheets } from './schemeSheets';
import { SystemIndicators } from './systemIndicators';

export { PERFORMANCE_DATA_SOURCE, type PerformanceDataSource, type RateFigures } from './dataSource';

export function registerSpeScheme({ actions, handlers, registry, db, services }: DomainRegistries): void {
  const sheets = new SchemeSheets(registry, db.dialect);
  handlers.register('createSchemeSheets', (run) => sheets.createSheets(run));
  // doCalculate (SCORING → CALCULATED, once every sheet is approved): the scheme's results.
  const calc = new SchemeCalc(registry, db.dialect);
  handlers.register('calculateScheme', (run) => calc.calculate(run.tx, run.id, run.actor.userId!));
  services.provide(PERFORMANCE_DATA_SOURCE, new LocalDataSource(registry, db.dialect));
  registerSchemeActions(actions, new SystemIndicators(registry, db.dialect, new AdjustRules(registry, db)), services);
}
