/** The shopping-cart page widgets (metadata/apps/srm/purchasing/pages/purNoProductiveMaterial__*.json). */
import type { WidgetRegistry } from '../../widgets/WidgetRegistry';
import { SrminteriorShopping } from './SrminteriorShopping';
import { SrminteriorShoppingtrolley } from './SrminteriorShoppingtrolley';

export { CartBadge } from './CartBadge';

export function registerCartWidgets(registry: WidgetRegistry): WidgetRegistry {
  registry.register('SrminteriorShopping', SrminteriorShopping);
  registry.register('SrminteriorShoppingtrolley', SrminteriorShoppingtrolley);
  return registry;
}
