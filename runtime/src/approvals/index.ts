/** The approval screens (custom page widgets named by metadata/apps/platform/pages/my*.json). */
import type { WidgetRegistry } from '../widgets/WidgetRegistry';
import { MyApproval } from './MyApproval';
import { MyUpcoming } from './MyUpcoming';

export function registerApprovalWidgets(registry: WidgetRegistry): WidgetRegistry {
  registry.register('MyUpcoming', MyUpcoming);
  registry.register('MyApproval', MyApproval);
  return registry;
}
