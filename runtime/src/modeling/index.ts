/**
 * The table_model authoring screen (metadata/apps/platform/pages/table_model.json, widget
 * TableModelDesigner). Loaded on demand: only administrators open the designer, and every other
 * screen would otherwise load it with the page chunk.
 */
import { lazyChunk } from '../app/chunkLoader';
import type { WidgetRegistry } from '../widgets/WidgetRegistry';

const TableModelDesigner = lazyChunk(() => import('./TableModelDesigner').then((module) => module.TableModelDesigner));

export function registerModelingWidgets(registry: WidgetRegistry): WidgetRegistry {
  registry.register('TableModelDesigner', TableModelDesigner);
  return registry;
}
