import type { MetadataRegistry } from '@meridian/metadata/node';
import type { AuthServices } from './auth/authServices';
import type { ServerConfig } from './config';
import type { Database } from './db/sqlExecutor';
import type { RecordHookRegistry } from './hooks/recordHooks';
import type { LifecycleService } from './lifecycle/lifecycleService';
import type { LiveKernel } from './modeling/liveKernel';
import type { TransitionHandlerRegistry } from './lifecycle/transitionHandlers';
import type { ActionRegistry } from './platform/actionRegistry';
import type { ResourceService } from './resource/resourceService';

/** Everything a request needs, built once at start-up before Nest (metadata decides the tables). */
export interface Kernel {
  config: ServerConfig;
  registry: MetadataRegistry;
  db: Database;
  resources: ResourceService;
  lifecycles: LifecycleService;
  actions: ActionRegistry;
  hooks: RecordHookRegistry;
  /** Named transition handlers (lifecycle `handler`), registered at start-up. */
  handlers: TransitionHandlerRegistry;
  auth: AuthServices;
  /** The reloadable holder this kernel belongs to (table_model publishes swap the kernel whole; see modeling/liveKernel.ts). */
  live?: LiveKernel;
}

export const KERNEL = 'MERIDIAN_KERNEL';
