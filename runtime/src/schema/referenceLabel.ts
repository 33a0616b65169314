/**
 * How a reference names its target's row, in one place for the picker's options, the label read
 * for a defaulted value and the label read again on a language switch, as the server's joined
 * labels do (server/src/resource/selectBuilder.ts): in English the target's `{labelField}En` when
 * filled, else its labelField, else — when that is empty — the target's display field (a user
 * without a person name is named by its login), else the value.
 */
import type { Language } from '../core/language';
import type { DataRecord, EntityDef } from '../meta';

/** What naming a row needs of a reference target (schema/fieldComponent ReferenceTarget). */
export interface LabelledTarget {
  valueField: string;
  labelField?: string;
  fallbackField?: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The row's label in `language`. */
export function targetRowLabel(target: LabelledTarget, row: DataRecord, language: Language): string {
  const labelField = target.labelField ?? target.valueField;
  const names = [language === 'EN' ? `${labelField}En` : undefined, labelField, target.fallbackField];
  const found = names.find((name) => name && !isBlank(row[name]));
  return String(found ? row[found] : (row[target.valueField] ?? ''));
}

/** The target's display field, when the reference labels by another text field and it is text too. */
export function fallbackLabelField(target: EntityDef | undefined, labelField: string | undefined): string | undefined {
  const display = target?.displayField;
  const isText = (name: string | undefined) => !!name && target?.fields.find((f) => f.name === name)?.type === 'string';
  return display && display !== labelField && isText(display) && isText(labelField) ? display : undefined;
}
