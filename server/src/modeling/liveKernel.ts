import { MetadataRegistry, type SourcedDocument } from '@meridian/metadata/node';
import type { Kernel, LiveKernelHandle } from '../kernel';
import { entityMetadatasFor, loadDbDocuments } from '../metadata/dbDocuments';
import { migrateSchema } from '../metadata/schemaMigrator';
import { readRevision } from './metaStore';

/** Builds the request-serving part of a kernel (services, actions, hooks) over a registry. */
export type KernelBuilder = (registry: MetadataRegistry) => Kernel;

/**
 * The kernel currently serving requests, swapped whole when metadata is published — here or on
 * another instance. A request takes one kernel at its start and keeps it to the end, so it never
 * sees half of an old registry and half of a new one; every cache keyed by metadata (access
 * rights, compiled record schemas) lives in services that are rebuilt with the registry.
 *
 * Other instances notice a publish through the revision (the newest version id): checked at most
 * once per `pollMs` when a request arrives — one indexed MAX() — so an idle instance costs nothing
 * and a busy one a query per interval.
 */
export class LiveKernel implements LiveKernelHandle {
  private current!: Kernel;
  private lastCheck = 0;
  private reloading?: Promise<Kernel>;

  constructor(
    readonly fileDocuments: SourcedDocument[],
    private readonly build: KernelBuilder,
    private revision: number,
    private readonly pollMs: number,
  ) {}

  install(kernel: Kernel): Kernel {
    this.current = kernel;
    return kernel;
  }

  get kernel(): Kernel {
    return this.current;
  }

  get loadedRevision(): number {
    return this.revision;
  }

  /** The kernel for a new request: reloaded first when another instance has published since. */
  async fresh(): Promise<Kernel> {
    const now = Date.now();
    if (this.reloading) return this.reloading.catch(() => this.current); // logged by the caller that started it
    if (now - this.lastCheck < this.pollMs) return this.current;
    this.lastCheck = now;
    try {
      if ((await readRevision(this.current.db)) === this.revision) return this.current;
    } catch (e) {
      console.error('metadata revision check failed; serving the loaded metadata', e);
      return this.current;
    }
    return this.reload().catch((e: unknown) => {
      // A broken reload must not stop the instance: it keeps serving what it has and retries.
      console.error('metadata reload failed; serving the previously loaded metadata', e);
      return this.current;
    });
  }

  /** Reloads from the database now (after a publish on this instance); one reload at a time. */
  reload(): Promise<Kernel> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async load(): Promise<Kernel> {
    const { db, config } = this.current;
    const revision = await readRevision(db);
    const dbDocuments = await loadDbDocuments(db.dataSource, config.dbKind, this.fileDocuments);
    const registry = MetadataRegistry.load([...this.fileDocuments, ...dbDocuments]);
    // Admin entities only: file entities were migrated at start-up and cannot change without a restart.
    const adminEntities = registry
      .entities()
      .filter((e) => e.source === 'db')
      .map((e) => e.name);
    await migrateSchema(db.dataSource, config.dbKind, await entityMetadatasFor(config, registry, adminEntities));
    this.current = this.build(registry);
    this.revision = revision;
    return this.current;
  }
}

/** The kernel a request should use: the live one when metadata is live-reloadable, else the fixed one. */
export async function requestKernel(kernel: Kernel): Promise<Kernel> {
  return kernel.live ? kernel.live.fresh() : kernel;
}

/** How often (ms) an instance asks whether another one has published: METADATA_POLL_MS, default 1000. */
export function metadataPollMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.METADATA_POLL_MS ?? 1000);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`METADATA_POLL_MS must be a number of milliseconds ≥ 0, not "${env.METADATA_POLL_MS}"`);
  return value;
}
