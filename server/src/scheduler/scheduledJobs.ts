/**
 * Scheduled jobs: computations that are not transitions (a warning scan), registered in code by a
 * domain under a name and declared with their schedule in metadata (schedule.schema.json). The
 * platform scheduler runs them; start-up stops when metadata declares a job nobody registered, or a
 * domain registers one that no metadata schedules.
 */
import type { ScheduledJobDef } from '@meridian/metadata';
import type { ResourceContext } from '../resource/context';

/** What a job run gets: the moment it runs for (its slot, or now when run by hand) and a system context. */
export interface JobRun {
  now: Date;
  ctx: ResourceContext;
}

/** A job's code: the number of rows it created or changed (recorded with the run). */
export type ScheduledJob = (run: JobRun) => Promise<number>;

export class ScheduledJobRegistry {
  private readonly jobs = new Map<string, ScheduledJob>();

  register(name: string, job: ScheduledJob): void {
    if (this.jobs.has(name)) throw new Error(`Scheduled job "${name}" is registered twice`);
    this.jobs.set(name, job);
  }

  get(name: string): ScheduledJob | undefined {
    return this.jobs.get(name);
  }

  /** Problems between the declared jobs and the registered ones, one line each. */
  mismatches(declared: ScheduledJobDef[]): string[] {
    const names = new Set(declared.map((j) => j.name));
    return [
      ...declared.filter((j) => !this.jobs.has(j.name)).map((j) => `scheduled job "${j.name}" is not registered`),
      ...[...this.jobs.keys()]
        .filter((name) => !names.has(name))
        .map((name) => `scheduled job "${name}" is registered but no scheduleSet declares it`),
    ];
  }
}
