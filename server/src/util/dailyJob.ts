/**
 * In-process daily jobs (the platform has no job scheduler: docs/decisions.md): a named job runs
 * every day at a local time. Starting a job again — a kernel rebuilt by a table_model publish
 * registers its domains anew — replaces its timer instead of adding one. Timers are unref'd, so
 * they never keep the process alive. A failed run is logged and the next day's run still comes.
 */
const timers = new Map<string, NodeJS.Timeout>();

/** Milliseconds from `now` until the next hh:mm local time (tomorrow's when it has passed). */
export function untilNextDaily(hour: number, minute: number, now = new Date()): number {
  const next = new Date(now);
  next.setHours(hour, minute, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** Stops the job's timer (tests, shutdown). */
export function stopDailyJob(name: string): void {
  clearTimeout(timers.get(name));
  timers.delete(name);
}

/** (Re)starts the job `name`: `run` at hh:mm local time, every day. */
export function startDailyJob(name: string, at: { hour: number; minute: number }, run: () => Promise<unknown>): void {
  stopDailyJob(name);
  const schedule = () => {
    const timer = setTimeout(
      () => {
        run()
          .catch((e: unknown) => console.error(`${name} failed:`, e))
          .finally(schedule);
      },
      untilNextDaily(at.hour, at.minute),
    );
    timer.unref();
    timers.set(name, timer);
  };
  schedule();
}
