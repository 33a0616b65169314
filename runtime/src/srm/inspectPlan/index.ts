/** The inspection plan's widgets (metadata/apps/srm/supplier/pages/inspectPlanEdit.json, form.lines[].widget). */
import type { WidgetRegistry } from '../../widgets/WidgetRegistry';
import { InspectPlanSites } from './InspectPlanSites';

export function registerInspectPlanWidgets(registry: WidgetRegistry): WidgetRegistry {
  registry.register('InspectPlanSites', InspectPlanSites);
  return registry;
}
