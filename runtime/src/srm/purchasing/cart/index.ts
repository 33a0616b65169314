/**
 * The shopping cart's additions (metadata/apps/srm/purchasing/pages/purNoProductiveMaterial__*.json):
 * the mall and trolley page widgets and the cart count in the shell header, all loaded on demand.
 */
import { lazy } from 'react';
import { lazyChunk } from '../../../app/chunkLoader';
import { registerHeaderItem } from '../../../app/extensions';
import { busy } from '../../../core/busy';
import { registerDomainWidget } from '../../../widgets/domainWidgets';

export function registerCart(): void {
  registerDomainWidget(
    'SrminteriorShopping',
    lazyChunk(() => import('./SrminteriorShopping').then((module) => module.SrminteriorShopping)),
  );
  registerDomainWidget(
    'SrminteriorShoppingtrolley',
    lazyChunk(() => import('./SrminteriorShoppingtrolley').then((module) => module.SrminteriorShoppingtrolley)),
  );
  registerHeaderItem({
    key: 'cart',
    component: lazy(() => busy.during(import('./CartBadge')).then((module) => ({ default: module.CartBadge }))),
  });
}
