import { loadDocumentFiles, MetadataRegistry, type SourcedDocument } from '@meridian/metadata/node';
import * as path from 'node:path';
import type { ServerConfig } from './config';
import { createDataSource } from './db/dataSource';
import { dialectFor } from './db/dialect';
import { Database } from './db/sqlExecutor';
import { RecordHookRegistry } from './hooks/recordHooks';
import type { Kernel } from './kernel';
import { LifecycleService } from './lifecycle/lifecycleService';
import { TransitionHandlerRegistry } from './lifecycle/transitionHandlers';
import { registerApprovalActions } from './lifecycle/approvalActions';
import { entitySchemaFor } from './metadata/entitySchemaFactory';
import { migrateSchemaAtStart } from './metadata/schemaFingerprint';
import { loadDbDocuments } from './metadata/dbDocuments';
import { LiveKernel, metadataPollMs } from './modeling/liveKernel';
import { readRevision } from './modeling/metaStore';
import { registerModelingActions } from './modeling/modelingActions';
import { ActionRegistry } from './platform/actionRegistry';
import type { DomainModule } from './platform/domainModules';
import { LoginPolicyRegistry } from './auth/loginPolicies';
import { DomainServiceRegistry } from './platform/domainServices';
import { registerLookupActions } from './platform/lookupActions';
import { registerLookupAdminHooks } from './platform/lookupAdmin';
import { registerMenuActions } from './platform/menuActions';
import { registerMenuButtonActions } from './platform/menuButtons';
import { registerEmbedActions } from './platform/embedActions';
import { registerMetadataActions } from './platform/metadataActions';
import { registerHome } from './home';
import { ResourceService } from './resource/resourceService';
import { Seeder } from './seed/seeder';
import { registerExplainActions } from './access/explainActions';
import { registerPermitHooks } from './access/permitHooks';
import { registerRolePrivilegeActions } from './access/rolePrivilegeActions';
import { createAuthServices } from './auth/authServices';
import { registerLoginActions } from './auth/loginActions';
import { registerPasswordActions } from './auth/passwordActions';
import { registerUserActions } from './auth/userActions';
import { registerUserHooks } from './auth/userHooks';
import { registerMenuHooks } from './platform/menuHooks';
import { ensureAccounts } from './seed/accounts';
import { registerAttachmentLinks } from './files/attachmentLinks';
import { LocalDiskStorage, type FileStorage } from './files/fileStorage';
import { registerTableConfigActions } from './tableConfig/tableConfigActions';
import { ScheduledJobRegistry } from './scheduler/scheduledJobs';
import { registerTimerActions } from './scheduler/timerActions';

/** Start-up options for tests and tools: `documents` replaces the file metadata (modified copies of loadDocumentFiles()). */
export interface KernelOptions {
  documents?: SourcedDocument[];
  /**
   * The application's domains (server/src/srm/index.ts SRM_MODULES from the server's entry): the
   * platform imports none of them. Without them, lifecycles that name domain handlers stop start-up.
   */
  modules?: readonly DomainModule[];
  /** Where attachment bytes live (default: DATA_DIR/files on the local disk); the file server and the domains share it. */
  fileStorage?: FileStorage;
  /** Registers further extensions (tests: a named transition handler) next to the built-in ones. */
  extend?: (registries: {
    actions: ActionRegistry;
    hooks: RecordHookRegistry;
    handlers: TransitionHandlerRegistry;
  }) => void;
  /**
   * The database is a copy of one this same code and metadata migrated and seeded (the test
   * servers' template, server/src/testing/testServer.ts): the schema check and the seeds would
   * find nothing to do, and are skipped. Never set for a database a person may have changed.
   */
  prepared?: boolean;
}

/**
 * The metadata files, read and checked once per process. A server process makes one kernel; a
 * test process makes a hundred, and each would read and check the same files again. A registry
 * is not changed after it is built (a table_model publish builds a new one, liveKernel.ts).
 */
let metadataFiles: SourcedDocument[] | undefined;
const checkedRegistries = new WeakMap<SourcedDocument[], MetadataRegistry>();

function checkedRegistry(documents: SourcedDocument[]): MetadataRegistry {
  let registry = checkedRegistries.get(documents);
  if (!registry) checkedRegistries.set(documents, (registry = MetadataRegistry.load(documents)));
  return registry;
}

export interface StartupReport {
  migrated: string[];
  seeded: { lookups: number; menus: number; base: number; demo: number; accounts: string[] };
}

function registerPlatformExtensions(
  actions: ActionRegistry,
  hooks: RecordHookRegistry,
  registry: MetadataRegistry,
): void {
  registerLoginActions(actions);
  registerPasswordActions(actions);
  registerUserActions(actions);
  registerExplainActions(actions);
  registerRolePrivilegeActions(actions);
  registerMetadataActions(actions);
  registerLookupActions(actions);
  registerMenuActions(actions);
  registerMenuButtonActions(actions);
  registerMenuHooks(hooks);
  registerLookupAdminHooks(hooks, registry);
  registerEmbedActions(actions);
  registerUserHooks(hooks);
  registerPermitHooks(hooks);
  registerAttachmentLinks(hooks, registry);
  registerHome(actions, hooks);
  registerApprovalActions(actions);
  registerModelingActions(actions);
  registerTableConfigActions(actions);
  registerTimerActions(actions);
}

/**
 * What serves requests over one registry: extensions, generic services, lifecycles, access. Built
 * at start-up and again whenever table_model publishes (LiveKernel swaps the result in whole).
 */
function requestServices(
  registry: MetadataRegistry,
  db: Database,
  options: KernelOptions,
  fileStorage: FileStorage,
): Omit<Kernel, 'config' | 'registry' | 'db' | 'live'> {
  const hooks = new RecordHookRegistry();
  const actions = new ActionRegistry();
  const handlers = new TransitionHandlerRegistry();
  const login = new LoginPolicyRegistry();
  const services = new DomainServiceRegistry();
  const jobs = new ScheduledJobRegistry();
  registerPlatformExtensions(actions, hooks, registry);
  for (const module of options.modules ?? [])
    module.register({ actions, hooks, handlers, jobs, login, registry, db, fileStorage, services });
  options.extend?.({ actions, hooks, handlers });
  const unregistered = handlers.missing(registry.lifecycles());
  if (unregistered.length) throw new Error(`Transition handlers missing:\n  ${unregistered.join('\n  ')}`);
  // Without the domains (a test's own modules) their jobs are simply not there to run.
  const jobProblems = options.modules ? jobs.mismatches(registry.scheduledJobs()) : [];
  if (jobProblems.length) throw new Error(`Scheduled jobs:\n  ${jobProblems.join('\n  ')}`);
  const resources = new ResourceService(registry, db, hooks);
  const auth = createAuthServices(registry, db, resources.writer);
  const lifecycles = new LifecycleService(registry, db, resources.reader, hooks, handlers);
  return { resources, lifecycles, actions, hooks, handlers, jobs, auth, login, fileStorage };
}

/**
 * Start-up order: file metadata → connect → read DB documents → full registry (validated,
 * cross-checked) → additive schema migration → seeds. Any metadata problem or refused schema
 * change stops here with a message that names it.
 */
export async function createKernel(
  config: ServerConfig,
  options: KernelOptions = {},
): Promise<{ kernel: Kernel; report: StartupReport }> {
  const fileDocuments = options.documents ?? (metadataFiles ??= loadDocumentFiles());
  const fileRegistry = checkedRegistry(fileDocuments);
  let dataSource = createDataSource(
    config,
    fileRegistry.entities().map((e) => entitySchemaFor(e, config.dbKind)),
  );
  await dataSource.initialize();
  const dbDocuments = await loadDbDocuments(dataSource, config.dbKind, fileDocuments);
  let registry = fileRegistry;
  if (dbDocuments.length) {
    registry = MetadataRegistry.load([...fileDocuments, ...dbDocuments]);
    await dataSource.destroy();
    dataSource = createDataSource(
      config,
      registry.entities().map((e) => entitySchemaFor(e, config.dbKind)),
    );
    await dataSource.initialize();
  }
  try {
    const migrated = options.prepared ? [] : await migrateSchemaAtStart(dataSource, config.dbKind);
    const db = new Database(dataSource, dialectFor(config.dbKind));
    const fileStorage = options.fileStorage ?? new LocalDiskStorage(path.join(config.dataDir, 'files'));
    const live: LiveKernel = new LiveKernel(
      fileDocuments,
      (reg): Kernel => ({ config, registry: reg, db, ...requestServices(reg, db, options, fileStorage), live }),
      await readRevision(db),
      metadataPollMs(),
    );
    const kernel = live.install({ config, registry, db, ...requestServices(registry, db, options, fileStorage), live });
    const seeded = options.prepared
      ? { lookups: 0, menus: 0, base: 0, demo: 0 }
      : await new Seeder(registry, db, kernel.resources.writer).run(config.demo);
    const accounts = await ensureAccounts(config, kernel.auth.access, db, kernel.resources.writer);
    return { kernel, report: { migrated, seeded: { ...seeded, accounts } } };
  } catch (e) {
    await dataSource.destroy();
    throw e;
  }
}
