/**
 * Load checks of timers (lifecycle.schema.json `timer`, schedule.schema.json): a transition's
 * timer names a date or datetime field, filter fields and comment placeholders every entity of the
 * lifecycle has, and is not an approval decision (the scheduler is no approver). Scheduled jobs are
 * checked for registration by the server at start (a name only code can supply).
 */
import type { LifecycleDef, TransitionDef } from './generated/meta-model';
import type { EntityModel } from './entityModel';
import { placeholders } from './effects';
import { DATE_TYPES } from './fieldTypes';
import { filterFields, parentFilters } from './filter';
import type { MetadataCatalog } from './metadataCatalog';
import type { MetadataProblem } from './problems';

type Report = (pointer: string, message: string) => void;

function checkTimer(t: TransitionDef, entities: EntityModel[], at: string, report: Report): void {
  const timer = t.timer!;
  // An approval decision (transitionRules.isDecision): the scheduler is no approver of any step.
  if (t.approval && !t.effects?.includes('stampSubmitter'))
    report(at, `${t.action} is an approval decision: a timer cannot decide it`);
  if (t.submitterOnly) report(at, `${t.action} is for the submitter only: a timer is not the submitter`);
  for (const entity of entities) {
    if (timer.due) {
      const field = entity.field(timer.due.field);
      if (!field) report(`${at}/due/field`, `"${timer.due.field}" is not a field of ${entity.name}`);
      else if (!entity.isFilterable(field.name))
        report(
          `${at}/due/field`,
          `"${timer.due.field}" of ${entity.name} cannot be filtered on (secret, retired or not filterable)`,
        );
      else if (!DATE_TYPES.has(field.type))
        report(`${at}/due/field`, `"${timer.due.field}" of ${entity.name} is a ${field.type}, not a date or datetime`);
    }
    for (const name of filterFields(timer.where))
      if (!entity.field(name)) report(`${at}/where`, `filter field "${name}" is not a field of ${entity.name}`);
      else if (!entity.isFilterable(name))
        report(`${at}/where`, `filter field "${name}" of ${entity.name} cannot be filtered on`);
    for (const text of [timer.comment.cn, timer.comment.en])
      for (const name of placeholders(text))
        if (!entity.field(name)) report(`${at}/comment`, `placeholder "{${name}}" is not a field of ${entity.name}`);
  }
  if (parentFilters(timer.where).length)
    report(`${at}/where`, 'a timer condition is over the record itself: no "parent"');
}

function checkLifecycleTimers(registry: MetadataCatalog, lc: LifecycleDef, report: Report): void {
  const entities = registry.entities().filter((e) => e.def.lifecycle === lc.name);
  lc.transitions.forEach((t, i) => {
    if (!t.timer) return;
    const at = `/transitions/${i}/timer`;
    if (!entities.length) report(at, `no entity has lifecycle ${lc.name}: the timer would never fire`);
    checkTimer(t, entities, at, report);
  });
}

/** Every lifecycle's timers; problems name the lifecycle document and the timer's pointer. */
export function checkTimers(registry: MetadataCatalog, problems: MetadataProblem[]): void {
  for (const lc of registry.lifecycles())
    checkLifecycleTimers(registry, lc, (pointer, message) =>
      problems.push({ document: registry.source(lc), pointer, message }),
    );
}
