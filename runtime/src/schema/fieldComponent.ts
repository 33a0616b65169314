/**
 * Field type → Formily component name and props (docs/architecture.md "Fields": the semantics layer).
 * Names are those of the WidgetRegistry; a page may override with FormField.widget.
 */
import { defaultLabelAs, formDependencies, referenceSearchFields } from '@meridian/metadata';
import { formatDecimal } from '../core/decimal';
import type { EntityDef, FieldDef, FilterNode } from '../meta';
import { fallbackLabelField } from './referenceLabel';

export interface ComponentSpec {
  component: string;
  props: Record<string, unknown>;
}

export interface ComponentOptions {
  entities?: Record<string, EntityDef>;
  /** Registered widget named by the page; replaces the component, keeps the props. */
  widget?: string;
  scale?: number;
  lookupType?: string;
  step?: number;
  /** Money: the record's currency field (core/currency), whose decimals the read-pretty amount shows. */
  currencyField?: string;
  /** The entity the field belongs to, when it is a line's: its reference filters may name header fields. */
  owner?: EntityDef;
  /** Quantities and decimals: thousands separators while not typing, as the column shows them (showThousandSeparator). */
  thousands?: boolean;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** What ReferenceSelect needs to search the target entity and show the label. */
export interface ReferenceTarget {
  name: string;
  area?: string;
  valueField: string;
  labelField?: string;
  /** The target's display field, named when the label field is empty and searched beside it (schema/referenceLabel). */
  fallbackField?: string;
  labelAs?: string;
  /** The target's fields typed text is matched against: its label (both languages) and its code (metadata referenceSearch). */
  searchFields?: string[];
  /** reference.filter: the target rows the field may name, `$form.x` resolved by the picker. */
  filter?: FilterNode;
  /** The `$form` names read from the header (a line's filter naming a header field). */
  headerFields?: string[];
}

/** Where a row carries a reference's label: its labelAs, or the name the server gives one it lacks. */
export function referenceLabelKey(field: FieldDef): string | undefined {
  if (!field.reference) return undefined;
  return field.reference.labelAs ?? defaultLabelAs(field.name);
}

/** `owner`: the line entity the field is on; without it `$form` names are the record's own. */
export function referenceTarget(
  field: FieldDef,
  entities: Record<string, EntityDef> = {},
  owner?: EntityDef,
): ReferenceTarget | undefined {
  if (!field.reference) return undefined;
  const target = entities[field.reference.entity];
  const filter = field.reference.filter;
  const labelField = field.reference.labelField ?? target?.displayField;
  const headerFields = owner?.parent
    ? formDependencies(filter).filter((name) => !owner.fields.some((f) => f.name === name))
    : [];
  return {
    name: field.reference.entity,
    area: target?.area,
    valueField: field.reference.valueField ?? target?.primaryKey ?? 'id',
    labelField,
    fallbackField: fallbackLabelField(target, labelField),
    labelAs: referenceLabelKey(field),
    searchFields: referenceSearchFields(labelField, target),
    ...(filter && { filter }),
    ...(headerFields.length && { headerFields }),
  };
}

/**
 * Money shows thousands separators at its scale (read-pretty too); while the user types, the
 * text is left alone so that "12." is not reformatted mid-entry. The parser strips separators.
 */
export function moneyFormatter(scale?: number) {
  return (value: unknown, info?: { userTyping: boolean; input: string }): string => {
    if (info?.userTyping) return info.input;
    // Formily's read-pretty NumberPicker passes String(value): an empty value arrives as "undefined"/"null".
    if (value === 'undefined' || value === 'null') return '';
    return formatDecimal(value, { scale, thousands: true });
  };
}

/**
 * Quantities and other decimals show only the digits they need ("10000", not "10000.0000" as the
 * server's decimal(20,4) answers), with thousands separators where their column shows them;
 * typing is left alone.
 */
export function quantityFormatter(thousands = false) {
  return (value: unknown, info?: { userTyping: boolean; input: string }): string => {
    if (info?.userTyping) return info.input;
    if (value === 'undefined' || value === 'null') return '';
    const text = formatDecimal(value, { thousands });
    return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  };
}

export function moneyParser(text: string | undefined): string {
  return (text ?? '').replace(/,/g, '');
}

function numberProps(field: FieldDef, options: ComponentOptions): Record<string, unknown> {
  if (field.type === 'integer')
    return { precision: 0, step: options.step ?? 1, style: { width: '100%' }, numberKind: 'integer' };
  const scale = options.scale ?? field.scale;
  // stringMode keeps decimal strings exact (money/quantity are strings on the wire).
  // numberKind and currencyField are read by widgets/NumberField for the read-pretty display.
  const props: Record<string, unknown> = {
    stringMode: true,
    precision: scale,
    step: options.step,
    style: { width: '100%' },
    numberKind: field.type,
    currencyField: options.currencyField,
  };
  if (field.type === 'money') Object.assign(props, { formatter: moneyFormatter(scale), parser: moneyParser });
  else Object.assign(props, { formatter: quantityFormatter(options.thousands), parser: moneyParser });
  return props;
}

function baseSpec(field: FieldDef, options: ComponentOptions): ComponentSpec {
  switch (field.type) {
    case 'text':
    case 'json':
      return { component: 'Input.TextArea', props: { autoSize: { minRows: 2, maxRows: 6 } } };
    case 'integer':
    case 'decimal':
    case 'money':
    case 'quantity':
      return { component: 'NumberPicker', props: numberProps(field, options) };
    case 'date':
      return { component: 'DatePicker', props: { format: DATE_FORMAT, style: { width: '100%' } } };
    case 'datetime':
      return { component: 'DatePicker', props: { format: DATETIME_FORMAT, showTime: true, style: { width: '100%' } } };
    case 'flag':
      return { component: 'YNCheckbox', props: {} };
    case 'lookup':
      return { component: 'LookupSelect', props: { lookupType: options.lookupType ?? field.lookupType } };
    case 'reference':
      return {
        component: 'ReferenceSelect',
        props: { target: referenceTarget(field, options.entities, options.owner) },
      };
    case 'attachment':
      return { component: 'Attachment', props: {} };
    default:
      return { component: 'Input', props: { allowClear: true } };
  }
}

export function componentForField(field: FieldDef, options: ComponentOptions = {}): ComponentSpec {
  const spec = baseSpec(field, options);
  if (options.lookupType && spec.component !== 'LookupSelect') {
    return { component: 'LookupSelect', props: { lookupType: options.lookupType } };
  }
  return options.widget ? { component: options.widget, props: spec.props } : spec;
}

/** JSON Schema type for Formily: decimals stay strings, integers are numbers. */
export function schemaTypeOf(field: FieldDef): 'string' | 'number' {
  return field.type === 'integer' ? 'number' : 'string';
}
