import 'reflect-metadata';
import { MetadataError } from '@meridian/metadata/node';
import { createApp } from './app';
import { createKernel } from './bootstrap';
import { loadConfig } from './config';
import { SRM_MODULES } from './srm';
import { SchemaChangeRefusedError } from './metadata/schemaMigrator';
import { Scheduler } from './scheduler/scheduler';

async function main(): Promise<void> {
  const config = loadConfig();
  const { kernel, report } = await createKernel(config, { modules: SRM_MODULES });
  if (report.migrated.length)
    console.log(`[meridian] schema: ${report.migrated.length} change(s) applied:\n  ${report.migrated.join('\n  ')}`);
  console.log(
    `[meridian] seeded ${report.seeded.lookups} lookup values, ${report.seeded.menus} menus, ${report.seeded.demo} demo records`,
  );
  const app = await createApp(kernel);
  // All interfaces: behind a load balancer or in a container the port must be reachable from outside.
  await app.listen(config.port, '0.0.0.0');
  // Timers run on the kernel serving requests now: a table_model publish swaps it.
  if (config.scheduler) new Scheduler(async () => (kernel.live ? kernel.live.fresh() : kernel)).start();
  console.log(
    `[meridian] ${config.dbKind} database, demo ${config.demo ? 'on' : 'off'}; listening on http://localhost:${config.port}`,
  );
}

main().catch((e: unknown) => {
  // Metadata and schema problems are the admin's to fix: print them plainly, no stack trace.
  if (e instanceof MetadataError || e instanceof SchemaChangeRefusedError) console.error(`[meridian] ${e.message}`);
  else console.error('[meridian] start-up failed:', e);
  process.exit(1);
});
