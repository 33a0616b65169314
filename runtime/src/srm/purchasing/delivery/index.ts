/** Delivery's widgets (metadata/apps/srm/purchasing/pages/purDeliveryManage__purDeliveryNoteEdit.json, form.lines[].widget), loaded on demand. */
import { lazyChunk } from '../../../app/chunkLoader';
import { registerDomainWidget } from '../../../widgets/domainWidgets';

export function registerDelivery(): void {
  registerDomainWidget(
    'DeliveryNoteLines',
    lazyChunk(() => import('./DeliveryNoteLines').then((module) => module.DeliveryNoteLines)),
  );
}
