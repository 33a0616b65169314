/**
 * What the files of one purchasing part share (delivery, planning, acknowledgement forms and EQ):
 * the platform's SQL, row and to-do writers (DomainStore) and the database, built once per kernel
 * by the part's register.
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { Database } from '../../db/sqlExecutor';
import { DomainStore } from '../../platform/domainStore';

export class PartContext extends DomainStore {
  constructor(
    registry: MetadataRegistry,
    readonly db: Database,
  ) {
    super(registry, db.dialect);
  }
}
