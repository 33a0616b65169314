/**
 * page.search → the search form's Formily schema, and the search form's values → the
 * listByPage `params` (plain equality) and `filter` (every other operator, as a filter AST).
 */
import type { ISchema } from '@formily/react';
import { pickLabel, type Language } from '../core/language';
import type { EntityDef, FieldDef, FilterNode, SearchField } from '../meta';
import { componentForField, DATE_FORMAT, DATETIME_FORMAT } from './fieldComponent';
import { findField, syntheticField } from './entityFields';

export type SearchOp = NonNullable<SearchField['op']>;

export interface SearchSchemaInput {
  fields: SearchField[];
  entity: EntityDef;
  entities: Record<string, EntityDef>;
  language: Language;
}

/** Text fields search by "contains" unless the page says otherwise; the rest by equality. */
export function searchOp(searchField: SearchField, field: FieldDef): SearchOp {
  if (searchField.op) return searchField.op;
  return field.type === 'string' || field.type === 'text' ? 'like' : 'eq';
}

function rangeComponent(field: FieldDef): { component: string; props: Record<string, unknown> } {
  if (field.type === 'date') return { component: 'DatePicker.RangePicker', props: { format: DATE_FORMAT } };
  if (field.type === 'datetime') {
    return { component: 'DatePicker.RangePicker', props: { format: DATETIME_FORMAT, showTime: true } };
  }
  return { component: 'NumberRange', props: {} };
}

function searchComponent(searchField: SearchField, field: FieldDef, input: SearchSchemaInput) {
  const op = searchOp(searchField, field);
  if (searchField.widget) return { component: searchField.widget, props: {} };
  if (op === 'between') return rangeComponent(field);
  if (field.type === 'flag') return { component: 'FlagSelect', props: { allowClear: true } };
  // Free text in search boxes: a "contains" over a number or a JSON column is still typed.
  if (field.type === 'text' || field.type === 'json' || field.type === 'attachment') {
    return { component: 'Input', props: { allowClear: true } };
  }
  const spec = componentForField(field, { entities: input.entities });
  const props: Record<string, unknown> = { ...spec.props, allowClear: true };
  if (op === 'in' && spec.component === 'LookupSelect') props.mode = 'multiple';
  // A search for plants need not choose a company first: an empty $form value drops its condition.
  if (spec.component === 'ReferenceSelect') props.looseDependencies = true;
  return { component: spec.component, props };
}

export function buildSearchSchema(input: SearchSchemaInput): ISchema {
  const properties: Record<string, ISchema> = {};
  input.fields.forEach((searchField, index) => {
    const field = findField(input.entity, searchField.field) ?? syntheticField(searchField.field);
    const { component, props } = searchComponent(searchField, field, input);
    properties[searchField.field] = {
      type: searchOp(searchField, field) === 'between' || props.mode === 'multiple' ? 'array' : 'string',
      title: pickLabel(searchField.label ?? field.label, input.language),
      'x-decorator': 'FormItem',
      'x-component': component,
      'x-component-props': props,
      'x-index': index,
    };
  });
  return { type: 'object', properties };
}

function isBlank(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isBlank);
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function rangeConditions(name: string, value: unknown): FilterNode[] {
  const [from, to] = Array.isArray(value) ? value : [];
  if (!isBlank(from) && !isBlank(to)) return [{ field: name, op: 'between', value: [from, to] }];
  if (!isBlank(from)) return [{ field: name, op: 'gte', value: from }];
  if (!isBlank(to)) return [{ field: name, op: 'lte', value: to }];
  return [];
}

function conditionsFor(name: string, op: SearchOp, value: unknown): FilterNode[] {
  switch (op) {
    case 'between':
      return rangeConditions(name, value);
    case 'in':
      return [{ field: name, op: 'in', value: (Array.isArray(value) ? value : [value]) as string[] }];
    case 'like':
      // The server's like is "contains" with % and _ taken literally (docs/decisions.md): plain text.
      return [{ field: name, op: 'like', value: String(value).trim() }];
    default:
      return [{ field: name, op, value: value as string }];
  }
}

export interface ListCriteria {
  params: Record<string, unknown>;
  filter?: FilterNode;
}

/** Search values → listByPage params (eq) and filter (like, ranges, in). Blank values are skipped. */
export function searchValuesToQuery(
  fields: SearchField[],
  values: Record<string, unknown>,
  entity: EntityDef,
): ListCriteria {
  const params: Record<string, unknown> = {};
  const conditions: FilterNode[] = [];
  for (const searchField of fields) {
    const value = values[searchField.field];
    if (isBlank(value)) continue;
    const field = findField(entity, searchField.field) ?? syntheticField(searchField.field);
    const op = searchOp(searchField, field);
    if (op === 'eq') params[searchField.field] = value;
    else conditions.push(...conditionsFor(searchField.field, op, value));
  }
  if (conditions.length === 0) return { params };
  return { params, filter: conditions.length === 1 ? conditions[0] : { and: conditions } };
}
