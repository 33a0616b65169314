import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../../db/sqlExecutor';
import type { RecordHookRegistry } from '../../../hooks/recordHooks';
import { EntityStore } from '../../../resource/entityStore';

export const SAMPLE = 'srmSlcSampleTrial';
export const TRYOUT = 'srmSlcBatchTryout';

/** Reads and writes of the sample trial and batch tryout (DOMAIN 1.7) beyond their own rows. */
export class TrialStore extends EntityStore {
  constructor(registry: MetadataRegistry, db: Database, hooks: RecordHookRegistry) {
    super(registry, db, hooks, 'Sample trial and batch tryout');
  }
}
