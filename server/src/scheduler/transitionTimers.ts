/**
 * A transition timer's firing (lifecycle.schema.json `timer`): the records of the entity in one of
 * the transition's from-states that match its `where` and whose `due` date has been reached are
 * selected, then each goes through the normal transition in a transaction of its own, as the
 * system, with the timer's comment: the lifecycle engine locks the owner and the record, checks
 * the due condition again on the record as read under lock (a manual transition or an edit in
 * between wins), then the state, guard and checks, effects, handler and history as for a user.
 */
import { bothLanguages, type FilterNode } from '@meridian/metadata';
import type { Kernel } from '../kernel';
import { ApiError } from '../http/apiError';
import { RecordNoLongerDue } from '../lifecycle/lifecycleService';
import type { ResourceContext } from '../resource/context';
import { compileFilter } from '../resource/queryCompiler';
import type { TransitionTimerDef } from './timerCatalog';
import { dateText, dateTimeText } from './timerSchedule';

/** What one firing did: the records moved, and why others could not be. */
export interface TimerFiring {
  fired: number[];
  errors: string[];
}

/** The condition a record must meet to be due at `now`: from-state, due date reached, `where`. */
export function dueCondition(timer: TransitionTimerDef, now: Date): FilterNode {
  const { entity, transition } = timer;
  const { due, where } = transition.timer;
  const parts: FilterNode[] = [{ field: entity.statusField!, op: 'in', value: transition.from }];
  if (due) {
    // field + offsetDays <= today (now for a datetime) ⇔ field <= today (now) - offsetDays
    const days = -(due.offsetDays ?? 0);
    const datetime = entity.field(due.field)?.type === 'datetime';
    parts.push({ field: due.field, op: 'lte', value: datetime ? dateTimeText(now, days) : dateText(now, days) });
  }
  if (where) parts.push(where);
  return { and: parts };
}

/** The history comment: "cn / en" with {field} placeholders from the record (dates as YYYY-MM-DD). */
export function timerComment(timer: TransitionTimerDef, record: Record<string, unknown>): string {
  const fill = (text: string) =>
    text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, name: string) => {
      const value = record[name];
      if (value === null || value === undefined) return '';
      const field = timer.entity.field(name);
      return field?.type === 'date' ? String(value).slice(0, 10) : String(value);
    });
  const { cn, en } = timer.transition.timer.comment;
  return `${fill(cn)} / ${fill(en)}`;
}

async function dueIds(kernel: Kernel, timer: TransitionTimerDef, only: FilterNode): Promise<number[]> {
  const { entity } = timer;
  const d = kernel.db.dialect;
  const where = compileFilter(entity, d, only, {}, { alias: 't' });
  const key = `t.${d.quote(entity.field(entity.primaryKey)!.column)}`;
  const rows = await kernel.db.select(
    `SELECT ${key} AS id FROM ${d.quote(entity.table)} t WHERE ${where.sql} ORDER BY ${key}`,
    where.params,
  );
  return rows.map((r) => Number(r.id));
}

/** Fires the timer for every record due at `now`; a record that fails is named in `errors`, the others still move. */
export async function fireTransitionTimer(
  kernel: Kernel,
  timer: TransitionTimerDef,
  now: Date,
  ctx: ResourceContext,
): Promise<TimerFiring> {
  const only = dueCondition(timer, now);
  const firing: TimerFiring = { fired: [], errors: [] };
  for (const id of await dueIds(kernel, timer, only)) {
    try {
      const moved = await kernel.db.transaction(async (tx) => {
        const record = await kernel.resources.reader.byId(timer.entity, id, ctx, undefined, tx);
        if (!record) return false;
        const comment = timerComment(timer, record);
        await kernel.lifecycles.runInTransaction(tx, timer.entity, timer.transition.action, id, ctx, comment, only);
        return true;
      });
      if (moved) firing.fired.push(id);
    } catch (e) {
      if (e instanceof RecordNoLongerDue) continue; // moved or changed by someone else since the selection
      const reason = e instanceof ApiError ? bothLanguages(e.text) : e instanceof Error ? e.message : String(e);
      firing.errors.push(`${timer.entity.name} ${id}: ${reason}`);
    }
  }
  return firing;
}
