/**
 * Page + entity metadata → Formily ISchema for the edit form (and, read-pretty, the detail
 * view): sections of fields laid out in responsive columns (FormSection), then one LineGrid per FormLines.
 */
import type { ISchema } from '@formily/react';
import { currencyFieldOf } from '../core/currency';
import { pickLabel, type Language } from '../core/language';
import type { EntityDef, FieldDef, FormField, FormSection, PageDef } from '../meta';
import { componentForField, schemaTypeOf } from './fieldComponent';
import { formilyRules } from './fieldRules';
import { recordRuleValidators } from './recordRules';
import { findField, isReadOnlyFor, userFields } from './entityFields';
import { buildLinesSchema } from './lineSchema';

export interface FormSchemaInput {
  page: PageDef;
  entities: Record<string, EntityDef>;
  language: Language;
  /** The signed-in user's type: fields another kind of user writes (writableBy) are read-only. */
  userType?: string;
}

export const DEFAULT_FORM_COLUMNS = 3;

type FormFieldObject = Exclude<FormField, string>;

export function normalizeFormField(formField: FormField): FormFieldObject {
  return typeof formField === 'string' ? { field: formField } : formField;
}

export function pageEntity(page: PageDef, entities: Record<string, EntityDef>): EntityDef | undefined {
  return page.entity ? entities[page.entity] : undefined;
}

/** The page's sections, or one section with every user field when the page lists none. */
export function formSections(page: PageDef, entity: EntityDef): FormSection[] {
  const sections = page.form?.sections;
  if (sections && sections.length > 0) return sections;
  return [{ fields: userFields(entity).map((field) => field.name) }];
}

/** The attachment control uploads for the page's record: functionId the entity, businessId read from its key. */
function attachmentProps(formField: FormFieldObject, input: FormSchemaInput): Record<string, unknown> {
  const entity = pageEntity(input.page, input.entities);
  return { functionId: entity?.name, businessKey: entity?.primaryKey, config: formField.attachmentConfig };
}

/** Long texts, rich text and attachments take the whole row (gridSpan -1) unless the page gives a span. */
const FULL_ROW_TYPES = new Set(['text', 'json', 'attachment']);

function gridSpanOf(field: FieldDef, formField: FormFieldObject): { gridSpan?: number } {
  if (formField.span) return { gridSpan: formField.span };
  return FULL_ROW_TYPES.has(field.type) || formField.widget === 'RichText' ? { gridSpan: -1 } : {};
}

export function formFieldSchema(
  field: FieldDef,
  formField: FormFieldObject,
  input: FormSchemaInput,
  index: number,
): ISchema {
  const currencyField = field.type === 'money' ? currencyFieldOf(pageEntity(input.page, input.entities)) : undefined;
  const spec = componentForField(field, { entities: input.entities, widget: formField.widget, currencyField });
  const schema: ISchema = {
    type: schemaTypeOf(field),
    title: pickLabel(formField.label ?? field.label, input.language),
    'x-decorator': 'FormItem',
    'x-decorator-props': gridSpanOf(field, formField),
    'x-component': spec.component,
    'x-component-props':
      field.type === 'attachment' ? { ...spec.props, ...attachmentProps(formField, input) } : spec.props,
    'x-validator': [
      ...formilyRules(field, input.language),
      ...recordRuleValidators(pageEntity(input.page, input.entities), field.name, input.language),
    ],
    'x-index': index,
  };
  // Server-owned fields (status, document number) are shown but never typed in.
  if (formField.readOnly || isReadOnlyFor(field, pageEntity(input.page, input.entities), input.userType))
    schema['x-read-pretty'] = true;
  if (formField.hidden) schema['x-display'] = 'hidden';
  return schema;
}

function sectionSchema(section: FormSection, entity: EntityDef, input: FormSchemaInput, index: number): ISchema {
  const properties: Record<string, ISchema> = {};
  section.fields.map(normalizeFormField).forEach((formField, fieldIndex) => {
    const field = findField(entity, formField.field);
    if (!field || field.retired || field.secret) return;
    properties[field.name] = formFieldSchema(field, formField, input, fieldIndex);
  });
  return {
    type: 'void',
    'x-component': 'FormSection',
    'x-component-props': {
      title: section.title ? pickLabel(section.title, input.language) : undefined,
      columns: input.page.form?.columns ?? DEFAULT_FORM_COLUMNS,
    },
    'x-index': index,
    properties,
  };
}

export function buildFormSchema(input: FormSchemaInput): ISchema {
  const entity = pageEntity(input.page, input.entities);
  if (!entity) return { type: 'object', properties: {} };
  const sections = formSections(input.page, entity);
  const properties: Record<string, ISchema> = {};
  sections.forEach((section, index) => {
    properties[`section${index}`] = sectionSchema(section, entity, input, index);
  });
  (input.page.form?.lines ?? []).forEach((lines, index) => {
    const schema = buildLinesSchema(lines, entity, input.entities, input.language, input.page, input.userType);
    if (schema) properties[lines.child] = { ...schema, 'x-index': sections.length + index };
  });
  return { type: 'object', properties };
}
