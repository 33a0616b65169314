/** The table_model authoring screen (metadata/apps/platform/pages/table_model.json, widget TableModelDesigner). */
import type { WidgetRegistry } from '../widgets/WidgetRegistry';
import { TableModelDesigner } from './TableModelDesigner';

export function registerModelingWidgets(registry: WidgetRegistry): WidgetRegistry {
  registry.register('TableModelDesigner', TableModelDesigner);
  return registry;
}
