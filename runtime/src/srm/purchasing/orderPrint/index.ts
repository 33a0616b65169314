/** The purchase order's print page widget (purOrderManage/srmPurOrderPrint), loaded on demand. */
import { lazyChunk } from '../../../app/chunkLoader';
import { registerDomainWidget } from '../../../widgets/domainWidgets';

export function registerOrderPrint(): void {
  registerDomainWidget(
    'SrmPurOrderPrint',
    lazyChunk(() => import('./SrmPurOrderPrint').then((module) => module.SrmPurOrderPrint)),
  );
}
