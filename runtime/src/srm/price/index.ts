/** The price domain's entry (metadata/apps/srm/price, server/src/srm/price): the report pages, loaded on demand. */
import { lazyChunk } from '../../app/chunkLoader';
import { registerDomainWidget } from '../../widgets/domainWidgets';

export function registerPriceDomain(): void {
  registerDomainWidget(
    'SmlMonitoringReport',
    lazyChunk(() => import('./reports/SmlMonitoringReport').then((module) => module.SmlMonitoringReport)),
  );
  registerDomainWidget(
    'SmlWarningReport',
    lazyChunk(() => import('./reports/SmlWarningReport').then((module) => module.SmlWarningReport)),
  );
}
