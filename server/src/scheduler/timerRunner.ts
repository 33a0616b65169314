/**
 * One run of one timer: claim its slot (timerRuns.ts), do the work — fire the transition for the
 * due records, or call the domain's job — and record the outcome. A run that throws is recorded as
 * failed with its error; a transition timer whose single records failed records them as its error
 * text while the others still moved.
 */
import { systemContext, type ResourceContext } from '../resource/context';
import type { Kernel } from '../kernel';
import type { TimerDef } from './timerCatalog';
import { claimRun, finishRun, type RunTrigger } from './timerRuns';
import { fireTransitionTimer } from './transitionTimers';

export interface TimerRunOutcome {
  runId: number;
  timerName: string;
  rowsAffected: number;
  error?: string;
}

export interface RunRequest {
  dueSlot: string;
  trigger: RunTrigger;
  /** The moment the work is for: the slot's time, or now. */
  now: Date;
  instanceName: string;
  /** Who started it (the run row's creator): the administrator of a run now, else the system. */
  startedBy?: ResourceContext;
}

async function work(kernel: Kernel, timer: TimerDef, now: Date): Promise<{ rowsAffected: number; error?: string }> {
  const ctx = systemContext();
  if (timer.kind === 'job') {
    const job = kernel.jobs.get(timer.name);
    if (!job) throw new Error(`scheduled job "${timer.name}" is not registered`);
    return { rowsAffected: await job({ now, ctx }) };
  }
  const firing = await fireTransitionTimer(kernel, timer, now, ctx);
  return {
    rowsAffected: firing.fired.length,
    error: firing.errors.length ? `${firing.errors.length} failed: ${firing.errors.join('; ')}` : undefined,
  };
}

/** Runs the timer for the slot unless another instance has claimed it (undefined then). */
export async function runTimer(
  kernel: Kernel,
  timer: TimerDef,
  request: RunRequest,
): Promise<TimerRunOutcome | undefined> {
  const runId = await claimRun(
    kernel,
    { timerName: timer.name, dueSlot: request.dueSlot, trigger: request.trigger, instanceName: request.instanceName },
    request.startedBy ?? systemContext(),
  );
  if (runId === undefined) return undefined;
  let outcome: { rowsAffected: number; error?: string };
  try {
    outcome = await work(kernel, timer, request.now);
    if (outcome.error) console.error(`[meridian] timer ${timer.name} (${request.dueSlot}): ${outcome.error}`);
  } catch (e) {
    // The administrator reads the message on the runs screen; the stack goes to the log.
    console.error(`[meridian] timer ${timer.name} (${request.dueSlot}) failed:`, e);
    outcome = { rowsAffected: 0, error: e instanceof Error ? e.message : String(e) };
  }
  await finishRun(kernel, runId, outcome);
  return { runId, timerName: timer.name, ...outcome };
}
