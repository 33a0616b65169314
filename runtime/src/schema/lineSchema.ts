/**
 * FormLines (a header's child grid) → an array schema rendered by the LineGrid widget.
 * Each column becomes a cell field with the child field's component and validation.
 */
import type { ISchema } from '@formily/react';
import { pickLabel, type Language } from '../core/language';
import type { EntityDef, FormLines, PageDef } from '../meta';
import { linePickProps, type LinePickProps } from './linePickProps';
import { describeColumns, type ColumnDescriptor } from './columnDescriptor';
import { keyColumnsFirst } from './lineColumnOrder';
import { componentForField, schemaTypeOf } from './fieldComponent';
import { formilyRules } from './fieldRules';
import { findField, isReadOnlyFor } from './entityFields';

export const LINE_NUM_FIELD = 'lineNum';

/** ColumnConfig.editType → component, where the page overrides the field type's default. */
const EDIT_TYPE_COMPONENTS: Record<string, string> = {
  input: 'Input',
  number: 'NumberPicker',
  date: 'DatePicker',
  checkbox: 'YNCheckbox',
  lookup: 'LookupSelect',
  select: 'LookupSelect',
  reference: 'ReferenceSelect',
};

/** Props of the LineGrid component (serialisable: they travel inside the schema). */
export interface LineGridProps {
  title?: string;
  columns: ColumnDescriptor[];
  lineNumField?: string;
  primaryKey: string;
  /** GridConfig.selection: a checkbox per row and "delete selected rows" while editable. */
  selection?: boolean;
  /** GridConfig.height (default 200 once rows scroll, `auto` = 500). */
  height?: number | 'auto';
  /** FormLines.pick: a toolbar button that adds lines from another document's rows. */
  pick?: LinePickProps;
  /** children[].fixedLines: the lines came with the document — no add, delete or selection. */
  fixed?: boolean;
}

function isReadOnlyColumn(column: ColumnDescriptor, lineEntity: EntityDef, userType: string | undefined): boolean {
  return (
    column.editType === 'viewSlot' || column.key === LINE_NUM_FIELD || isReadOnlyFor(column.field, lineEntity, userType)
  );
}

function cellSchema(
  column: ColumnDescriptor,
  entities: Record<string, EntityDef>,
  language: Language,
  index: number,
  owner: EntityDef,
  userType: string | undefined,
): ISchema {
  const spec = componentForField(column.field, {
    entities,
    owner,
    scale: column.scale,
    step: column.step,
    thousands: column.thousands,
    lookupType: column.type === 'lookup' ? column.lookupType : undefined,
    widget: column.editType ? EDIT_TYPE_COMPONENTS[column.editType] : undefined,
  });
  const schema: ISchema = {
    type: schemaTypeOf(column.field),
    title: column.title,
    'x-decorator': 'LineCell',
    'x-component': spec.component,
    'x-component-props': spec.props,
    'x-validator': formilyRules(column.field, language, {
      required: column.required,
      min: column.min,
      max: column.max,
      scale: column.scale,
    }),
    'x-index': index,
  };
  if (isReadOnlyColumn(column, owner, userType)) schema['x-read-pretty'] = true;
  return schema;
}

export function buildLinesSchema(
  lines: FormLines,
  header: EntityDef,
  entities: Record<string, EntityDef>,
  language: Language,
  page?: PageDef,
  userType?: string,
): ISchema | null {
  const child = header.children?.find((candidate) => candidate.name === lines.child);
  const lineEntity = child ? entities[child.entity] : undefined;
  if (!child || !lineEntity) return null;
  const columns = keyColumnsFirst(describeColumns(lines.grid, lineEntity, language).filter((column) => !column.hidden));
  const properties: Record<string, ISchema> = {};
  columns.forEach((column, index) => {
    properties[column.key] = cellSchema(column, entities, language, index, lineEntity, userType);
  });
  const title = pickLabel(lines.title ?? child.label ?? lineEntity.label, language);
  const props: LineGridProps = {
    title,
    columns,
    lineNumField: findField(lineEntity, LINE_NUM_FIELD) ? LINE_NUM_FIELD : undefined,
    primaryKey: lineEntity.primaryKey,
    ...(lines.grid.selection && { selection: true }),
    ...(lines.grid.height !== undefined && { height: lines.grid.height }),
    ...(child.fixedLines && { fixed: true }),
  };
  const pick = linePickProps(lines, page, header, entities, language);
  if (pick) props.pick = pick;
  return {
    type: 'array',
    title,
    // A registered lines widget (FormLines.widget) draws irregular lines with the same props and array field.
    'x-component': lines.widget ?? 'LineGrid',
    'x-component-props': props as unknown as Record<string, unknown>,
    items: { type: 'object', properties },
  };
}
