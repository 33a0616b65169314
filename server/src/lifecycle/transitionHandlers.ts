import type { TransitionRun } from './transitionRun';
import type { Kernel } from '../kernel';

/**
 * A named server handler for irregular transition logic (e.g. writing a supplier's changed
 * data back to the master record on approval). It runs inside the transition's transaction,
 * after the state change and the effects: throwing an ApiError rolls the whole action back.
 */
export type TransitionHandler = (run: TransitionRun, kernel: Pick<Kernel, 'registry' | 'db'>) => void | Promise<void>;

/**
 * Transition handlers by name, referenced from lifecycle metadata (`"handler": "writeBackChangeInfo"`).
 * A second registration of a name is refused, and start-up fails when metadata names a handler
 * that nobody registered: both surface at start-up, not on the first click.
 */
export class TransitionHandlerRegistry {
  private readonly handlers = new Map<string, TransitionHandler>();

  register(name: string, handler: TransitionHandler): void {
    if (this.handlers.has(name)) throw new Error(`A transition handler "${name}" is already registered`);
    this.handlers.set(name, handler);
  }

  get(name: string): TransitionHandler | undefined {
    return this.handlers.get(name);
  }

  /** Every handler named by a lifecycle must exist; the problems name lifecycle and action. */
  missing(lifecycles: { name: string; transitions: { action: string; handler?: string }[] }[]): string[] {
    return lifecycles.flatMap((lc) => lc.transitions
      .filter((t) => t.handler && !this.handlers.has(t.handler))
      .map((t) => `lifecycle ${lc.name}, ${t.action}: handler "${t.handler}" is not registered`));
  }
}
