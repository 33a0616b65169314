/** The inspection plan's widgets (metadata/apps/srm/supplier/pages/inspectPlanEdit.json, form.lines[].widget), loaded on demand. */
import { lazyChunk } from '../../../app/chunkLoader';
import { registerDomainWidget } from '../../../widgets/domainWidgets';

export function registerInspectPlan(): void {
  registerDomainWidget(
    'InspectPlanSites',
    lazyChunk(() => import('./InspectPlanSites').then((module) => module.InspectPlanSites)),
  );
}
