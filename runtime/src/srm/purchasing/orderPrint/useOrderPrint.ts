/**
 * Reads what the printed order needs through the app's query cache: the order with its lines
 * (the record key the edit page uses, so a print after a save shows the saved order), then the
 * company and the supplier. The parties are a nicety — when they cannot be read the sheet uses the
 * order's reference labels — but the order itself is not: its failure is the page's error.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../../core/DataProviderContext';
import { recordKey } from '../../../core/queries';
import type { DataRecord, EntityDef } from '../../../meta';

function useParty(entity: EntityDef | undefined, id: unknown) {
  const provider = useDataProvider();
  const address = entity ?? { name: '', area: '' };
  return useQuery({
    queryKey: recordKey(address, id),
    queryFn: () => provider.findById<DataRecord>(address, id),
    enabled: Boolean(entity) && id !== undefined && id !== null,
    retry: false,
  });
}

export function useOrderPrint(entities: Record<string, EntityDef>, orderEntity: EntityDef, id: string | null) {
  const provider = useDataProvider();
  const order = useQuery({
    queryKey: recordKey(orderEntity, id),
    queryFn: () => provider.findById<DataRecord>(orderEntity, id),
    enabled: Boolean(id),
  });
  const company = useParty(entities.baseOrganization, order.data?.orgId);
  const supplier = useParty(entities.srmSlcSupplierInfo, order.data?.supplierId);
  return { order, company: company.data, supplier: supplier.data };
}
