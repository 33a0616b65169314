/**
 * An entity's cross-field rules (entity.schema.json `recordRules`) as validators of the field each
 * rule names: the form shows the rule's own message before the request, evaluated with the
 * filter evaluator the server runs on save, on the form's current values ("$record.startDate").
 */
import { pickLabel, type Language } from '../core/language';
import { evaluateFilter } from '../core/evaluateFilter';
import type { DataRecord, EntityDef } from '../meta';

/** What Formily hands a validator besides the value: the form, for the record's other fields. */
export interface RuleContext {
  form?: { values?: DataRecord };
}

export interface RecordRuleValidator {
  validator: (value: unknown, rule?: unknown, ctx?: RuleContext) => string;
}

/** '' when the record keeps every rule on `field`, else the first broken rule's message. */
export function recordRuleMessage(entity: EntityDef, field: string, record: DataRecord, language: Language): string {
  const vars = { record };
  const broken = (entity.recordRules ?? []).find(
    (rule) =>
      rule.field === field && evaluateFilter(rule.when, record, vars) && !evaluateFilter(rule.record, record, vars),
  );
  return broken ? pickLabel(broken.message, language) : '';
}

/** The validators of the rules on `field` (none when the entity states none). */
export function recordRuleValidators(
  entity: EntityDef | undefined,
  field: string,
  language: Language,
): RecordRuleValidator[] {
  if (!entity?.recordRules?.some((rule) => rule.field === field)) return [];
  return [
    {
      validator: (value, _rule, ctx) =>
        recordRuleMessage(entity, field, { ...(ctx?.form?.values ?? {}), [field]: value }, language),
    },
  ];
}
