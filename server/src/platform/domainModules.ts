/**
 * The application's domains reach the platform only through this contract: each domain folder of
 * server/src/srm exports one DomainModule, and the server's entry passes the list to createKernel.
 * The platform (bootstrap, auth, access, resource, lifecycle) never imports a domain
 * (docs/developer-guide.md "Domain modules").
 */
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { LoginPolicyRegistry } from '../auth/loginPolicies';
import type { FileStorage } from '../files/fileStorage';
import type { Database } from '../db/sqlExecutor';
import type { RecordHookRegistry } from '../hooks/recordHooks';
import type { TransitionHandlerRegistry } from '../lifecycle/transitionHandlers';
import type { ScheduledJobRegistry } from '../scheduler/scheduledJobs';
import type { ActionRegistry } from './actionRegistry';
import type { DomainServiceRegistry } from './domainServices';

/** The registries a domain adds to, with the metadata and database its stores are built on. */
export interface DomainRegistries {
  actions: ActionRegistry;
  hooks: RecordHookRegistry;
  /** Named transition handlers: every handler a lifecycle names must be registered, or start-up stops. */
  handlers: TransitionHandlerRegistry;
  /** Scheduled jobs by name: every job a scheduleSet declares must be registered, and only those. */
  jobs: ScheduledJobRegistry;
  login: LoginPolicyRegistry;
  registry: MetadataRegistry;
  db: Database;
  /** Where attachment bytes live (the file server's storage): documents a domain produces are stored there. */
  fileStorage: FileStorage;
  /** Services domains offer each other (the supplier's trade gate): provided at register, looked up when used. */
  services: DomainServiceRegistry;
}

export interface DomainModule {
  /** The domain folder's name (metadata/apps/srm/<name>, server/src/srm/<name>). */
  name: string;
  /** Called at start-up and again for every kernel a table_model publish builds. */
  register(into: DomainRegistries): void;
}
