/**
 * The timers the scheduler runs, read from the registry: every transition with a `timer`, once per
 * entity of its lifecycle (named "<entity>.<action>"), and every declared scheduled job (by its
 * name). Built per registry, so a table_model publish that adds an entity of a timed lifecycle
 * brings its timer along.
 */
import type { EntityModel, I18nText, ScheduledJobDef, TransitionDef, TransitionTimer } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';

export interface TransitionTimerDef {
  kind: 'transition';
  name: string;
  label: I18nText;
  at: string;
  entity: EntityModel;
  transition: TransitionDef & { timer: TransitionTimer };
}

export interface JobTimerDef {
  kind: 'job';
  name: string;
  label: I18nText;
  at: string;
  job: ScheduledJobDef;
}

export type TimerDef = TransitionTimerDef | JobTimerDef;

export function transitionTimerName(entity: string, action: string): string {
  return `${entity}.${action}`;
}

export function timersOf(registry: MetadataRegistry): TimerDef[] {
  const timers: TimerDef[] = [];
  for (const entity of registry.entities()) {
    const lifecycle = entity.def.lifecycle ? registry.lifecycle(entity.def.lifecycle) : undefined;
    for (const t of lifecycle?.transitions ?? []) {
      if (!t.timer) continue;
      timers.push({
        kind: 'transition',
        name: transitionTimerName(entity.name, t.action),
        label: t.label ?? entity.def.label,
        at: t.timer.at,
        entity,
        transition: t as TransitionTimerDef['transition'],
      });
    }
  }
  for (const job of registry.scheduledJobs())
    timers.push({ kind: 'job', name: job.name, label: job.label, at: job.at, job });
  return timers;
}

/** The timer of that name, if the registry has one. */
export function timerNamed(registry: MetadataRegistry, name: string): TimerDef | undefined {
  return timersOf(registry).find((t) => t.name === name);
}
