import type { ApproverSet, LifecycleDef } from './generated/meta-model';
import { filterFields } from './filter';
import type { MetadataProblem } from './problems';
import type { MetadataCatalog } from './metadataCatalog';
import { checkDeclaredEffects } from './effectCheck';
import { BUILT_IN_PLACEHOLDERS, menuCodes, placeholders, TODO_LOOKUP } from './effects';
import { checkTransitionInput } from './transitionInputCheck';

type Report = (pointer: string, message: string) => void;

/** Effects that need the lifecycle's approval rule (who approves, which to-do type). */
const RULE_EFFECTS = new Set(['createApprovalTodo', 'closeApprovalTodo', 'notifySubmitter']);

const noApprovers = (a: ApproverSet) => !a.responsibilities?.length && !a.roles?.length && !a.users?.length;

function checkRule(registry: MetadataCatalog, lc: LifecycleDef, report: Report) {
  const rule = lc.approvalRule;
  if (!rule) return;
  const todo = registry.lookupType(TODO_LOOKUP);
  if (!todo) report('/approvalRule/billType', `lookup type "${TODO_LOOKUP}" is not seeded`);
  else if (!todo.values.some((v) => v.lookupCode === rule.billType))
    report('/approvalRule/billType', `billType "${rule.billType}" is not a value of ${TODO_LOOKUP}`);
  if (!menuCodes(registry.menus()).has(rule.menuCode))
    report('/approvalRule/menuCode', `menu "${rule.menuCode}" does not exist`);
  const linkPage = rule.billLink.split('?')[0];
  if (!registry.page(linkPage))
    report('/approvalRule/billLink', `billLink opens page "${linkPage}", which does not exist`);
  if (noApprovers(rule.approvers)) report('/approvalRule/approvers', 'approvers name no responsibility, role or user');
  const entities = registry.entities().filter((e) => e.def.lifecycle === lc.name);
  rule.steps?.forEach((s, i) => {
    if (noApprovers(s.approvers))
      report(`/approvalRule/steps/${i}/approvers`, 'approvers name no responsibility, role or user');
    for (const name of filterFields(s.when))
      for (const entity of entities)
        if (!entity.field(name))
          report(`/approvalRule/steps/${i}/when`, `filter field "${name}" is not a field of ${entity.name}`);
  });
  if (rule.steps?.length && !lc.transitions.some((t) => t.advancesStep))
    report('/approvalRule/steps', 'further steps need a transition with advancesStep');
  const patterns: [string, string][] = [
    ['/approvalRule/billLink', rule.billLink],
    ['/approvalRule/title', `${rule.title.cn} ${rule.title.en}`],
  ];
  if (rule.notificationTitle)
    patterns.push(['/approvalRule/notificationTitle', `${rule.notificationTitle.cn} ${rule.notificationTitle.en}`]);
  if (rule.billNumberField) patterns.push(['/approvalRule/billNumberField', `{${rule.billNumberField}}`]);
  for (const [pointer, pattern] of patterns) {
    for (const name of placeholders(pattern)) {
      for (const entity of entities) {
        if (!BUILT_IN_PLACEHOLDERS.has(name) && !entity.field(name))
          report(pointer, `placeholder "{${name}}" is not a field of ${entity.name}`);
      }
    }
  }
}

/** Lifecycles beyond states: approval rules (to-do type, menu, link page, approvers), effects that need one, guards. */
export function checkLifecycleRules(registry: MetadataCatalog, problems: MetadataProblem[]): void {
  for (const lc of registry.lifecycles()) {
    const report: Report = (pointer, message) => problems.push({ document: registry.source(lc), pointer, message });
    checkRule(registry, lc, report);
    checkDeclaredEffects(registry, lc, report);
    const entities = registry.entities().filter((e) => e.def.lifecycle === lc.name);
    lc.transitions.forEach((t, i) => {
      checkTransitionInput(entities, `/transitions/${i}/input`, t, report);
      for (const effect of t.effects ?? []) {
        if (typeof effect === 'string' && RULE_EFFECTS.has(effect) && !lc.approvalRule)
          report(`/transitions/${i}/effects`, `effect "${effect}" of ${t.action} needs an approvalRule`);
      }
      for (const name of filterFields(t.guard)) {
        for (const entity of entities)
          if (!entity.field(name))
            report(`/transitions/${i}/guard`, `filter field "${name}" is not a field of ${entity.name}`);
      }
    });
  }
}
