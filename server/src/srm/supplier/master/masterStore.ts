import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';

export const SUPPLIER = 'srmSlcSupplierInfo';
export const CONTACT = 'srmSlcSupplierContact';
export const CREDENTIAL = 'srmSlcSupplierCredential';
export const REGISTRY = 'srmSlcEnterpriseRegistry';
export const WARNING = 'srmSlcSupplierWarning';

/** Table access of the supplier master flows (DOMAIN.md §1.1): portal accounts, registry lookups, credential warnings. */
export class MasterStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Supplier master');
  }
}
