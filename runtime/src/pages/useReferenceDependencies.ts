/**
 * A reference whose declared filter names `$form.x` (FieldDef.reference.filter) is cleared when
 * the user changes x: a plant chosen for one company is no plant of the next. Only the user's
 * own change clears (onFieldInputValueChange): loading or resetting a record sets values, not
 * input, and keeps what was stored. Lines are cleared on every row, shown with an editor or not.
 * A line's `$form.x` names its own field when the line has one, else the header's.
 */
import { onFieldInputValueChange, type Form } from '@formily/core';
import { formDependencies, formFieldLevel } from '@meridian/metadata';
import { useEffect } from 'react';
import type { EntityDef, FieldDef, PageDef } from '../meta';
import { findField } from '../schema/entityFields';
import { referenceLabelKey } from '../schema/fieldComponent';

/** A change of the field at `pattern` clears `dependent` — in the same record, or on every line of `child`. */
export interface DependencyRule {
  pattern: string;
  dependent: FieldDef;
  child?: string;
  sameRow: boolean;
}

function rulesOf(entity: EntityDef, header: EntityDef | undefined, child: string | undefined): DependencyRule[] {
  const rules: DependencyRule[] = [];
  for (const dependent of entity.fields) {
    for (const name of formDependencies(dependent.reference?.filter)) {
      const level = formFieldLevel(name, (n) => !!findField(entity, n), header && ((n) => !!findField(header, n)));
      if (level === 'record')
        rules.push({ pattern: child ? `${child}.*.${name}` : name, dependent, child, sameRow: true });
      else if (level === 'header') rules.push({ pattern: name, dependent, child, sameRow: false });
    }
  }
  return rules;
}

/** The header's dependency rules and those of every line grid the page shows. */
export function dependencyRules(
  page: PageDef,
  entity: EntityDef,
  entities: Record<string, EntityDef>,
): DependencyRule[] {
  const rules = rulesOf(entity, undefined, undefined);
  for (const lines of page.form?.lines ?? []) {
    const child = entity.children?.find((c) => c.name === lines.child);
    const lineEntity = child && entities[child.entity];
    if (lineEntity) rules.push(...rulesOf(lineEntity, entity, lines.child));
  }
  return rules;
}

function clearAt(form: Form, base: string[], field: FieldDef): void {
  form.setValuesIn([...base, field.name].join('.'), null);
  const labelKey = referenceLabelKey(field);
  if (labelKey) form.setValuesIn([...base, labelKey].join('.'), undefined);
}

/** Clears the rule's dependent after the field at `changedPath` changed. */
export function clearDependent(form: Form, rule: DependencyRule, changedPath: string): void {
  if (rule.sameRow) {
    clearAt(form, changedPath.split('.').slice(0, -1), rule.dependent);
    return;
  }
  const rows = rule.child ? form.getValuesIn(rule.child) : undefined;
  if (!rule.child) clearAt(form, [], rule.dependent);
  else if (Array.isArray(rows)) rows.forEach((_row, i) => clearAt(form, [rule.child!, String(i)], rule.dependent));
}

export function useReferenceDependencies(
  form: Form,
  page: PageDef,
  entity: EntityDef,
  entities: Record<string, EntityDef>,
): void {
  useEffect(() => {
    const rules = dependencyRules(page, entity, entities);
    if (!rules.length) return;
    const id = 'referenceDependencies';
    form.addEffects(id, () => {
      for (const rule of rules)
        onFieldInputValueChange(rule.pattern, (changed) => clearDependent(form, rule, changed.path.toString()));
    });
    return () => form.removeEffects(id);
  }, [form, page, entity, entities]);
}
