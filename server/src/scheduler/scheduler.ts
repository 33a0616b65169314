/**
 * The platform scheduler: once a minute it runs every timer (timerCatalog.ts) whose latest daily
 * slot has not been run, on the kernel serving requests now (a table_model publish swaps it).
 * Its first pass, at start, catches up what was missed while the server was down. Every instance
 * runs it; the claim on (timer, slot) lets one of them run each slot (timerRuns.ts). The server
 * starts it unless SCHEDULER=off (tests: their servers call runDue or run a timer directly).
 */
import * as os from 'node:os';
import type { Kernel } from '../kernel';
import { timersOf } from './timerCatalog';
import { runTimer, type TimerRunOutcome } from './timerRunner';
import type { RunTrigger } from './timerRuns';
import { latestSlot, slotKey } from './timerSchedule';

export const SCHEDULER_TICK_MS = 60_000;

/** host:pid, recorded with each run so an administrator sees which instance ran it. */
export function instanceName(): string {
  return `${os.hostname()}:${process.pid}`;
}

export class Scheduler {
  private interval?: NodeJS.Timeout;
  private pass?: Promise<unknown>;
  /** The slot each timer was last claimed for, by this instance or another: not asked again. */
  private readonly settled = new Map<string, string>();

  constructor(
    private readonly currentKernel: () => Promise<Kernel>,
    private readonly instance = instanceName(),
  ) {}

  /** One pass at `now`: runs each timer whose latest slot is unclaimed; what this instance ran. */
  async runDue(now = new Date(), trigger: RunTrigger = 'SCHEDULE'): Promise<TimerRunOutcome[]> {
    const kernel = await this.currentKernel();
    const ran: TimerRunOutcome[] = [];
    for (const timer of timersOf(kernel.registry)) {
      const slot = latestSlot(timer.at, now);
      const dueSlot = slotKey(slot);
      if (this.settled.get(timer.name) === dueSlot) continue;
      try {
        const outcome = await runTimer(kernel, timer, { dueSlot, trigger, now, instanceName: this.instance });
        this.settled.set(timer.name, dueSlot);
        if (outcome) ran.push(outcome);
      } catch (e) {
        // The claim itself failed (the database away): the next pass asks again.
        console.error(`[meridian] timer ${timer.name} (${dueSlot}) could not be claimed:`, e);
      }
    }
    return ran;
  }

  /** Catches up at once, then a pass every tick; a pass still running when the next is due is not doubled. */
  start(tickMs = SCHEDULER_TICK_MS): void {
    this.stop();
    this.startPass('CATCH_UP');
    this.interval = setInterval(() => this.startPass('SCHEDULE'), tickMs);
    this.interval.unref();
  }

  stop(): void {
    clearInterval(this.interval);
    this.interval = undefined;
  }

  /** Resolves when the pass in progress (if any) has finished. */
  async idle(): Promise<void> {
    await this.pass;
  }

  private startPass(trigger: RunTrigger): void {
    if (this.pass) return;
    this.pass = this.runDue(new Date(), trigger)
      .catch((e: unknown) => console.error('[meridian] scheduler pass failed:', e))
      .finally(() => {
        this.pass = undefined;
      });
  }
}
