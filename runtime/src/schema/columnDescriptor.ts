/**
 * A grid column resolved against its entity: ColumnConfig (page presentation, docs/architecture.md
 * "Spec: records and grid config"
 * names) merged with the FieldDef (semantics). Plain data, shared by the list grid and the
 * editable line grid.
 */
import { currencyFieldOf } from '../core/currency';
import { pickLabel, type Language } from '../core/language';
import type { AttachmentConfig, ColumnConfig, EntityDef, FieldDef, GridConfig } from '../meta';
import type { FieldType } from '../meta';
import { widthByType } from './columnWidth';
import { findField, syntheticField } from './entityFields';
import { referenceLabelKey } from './fieldComponent';

export interface ColumnDescriptor {
  key: string;
  title: string;
  type: FieldType;
  field: FieldDef;
  editType?: string;
  lookupType?: string;
  /** Row property shown instead of the value: displayKey, or a reference's labelAs. */
  displayKey?: string;
  /** Decimals shown: money's fallback when its currency is unknown; at most this many for other numbers. */
  scale?: number;
  /** Money: the row's field holding the currency whose decimals the amount shows (core/currency). */
  currencyField?: string;
  thousands: boolean;
  min?: number;
  max?: number;
  step?: number;
  required: boolean;
  hidden: boolean;
  fixed?: 'left' | 'right';
  sortable: boolean;
  /** The user may drag the header's edge to resize it (default true). */
  resizable: boolean;
  ellipsis: boolean;
  linkTag: boolean;
  showIcon: boolean;
  width?: number;
  /** antd Button type of an editType button cell (default link). */
  buttonType?: string;
  /** Set on attachment columns (attachmentConfig or editType attachment): the cell opens the attachment table. */
  attachmentConfig?: AttachmentConfig;
}

const NUMERIC_TYPES = new Set<FieldType>(['integer', 'decimal', 'money', 'quantity']);

export function isNumericType(type: FieldType): boolean {
  return NUMERIC_TYPES.has(type);
}

function columnType(column: ColumnConfig, field: FieldDef): FieldType {
  if (column.lookup?.typeCode && field.type !== 'lookup') return 'lookup';
  return field.type as FieldType;
}

function defaultScale(type: FieldType, field: FieldDef): number | undefined {
  if (field.scale !== undefined) return field.scale;
  if (type === 'money') return 2;
  if (type === 'integer') return 0;
  return undefined;
}

/** Columns holding attachment ids: configured with attachmentConfig, editType attachment or an attachment field. */
function attachmentConfigOf(column: ColumnConfig, field: FieldDef): AttachmentConfig | undefined {
  if (column.attachmentConfig) return column.attachmentConfig;
  if (column.editType === 'attachment' || field.type === 'attachment') return {};
  return undefined;
}

/**
 * Where a row carries what a polymorphic reference's columns show (FieldDef.polymorphic): the
 * document's label beside its id, the document type's label beside the entity name.
 */
export function polymorphicLabelKey(field: FieldDef, entity: EntityDef): string | undefined {
  if (field.polymorphic) return field.polymorphic.labelAs;
  return entity.fields.find((f) => f.polymorphic?.typeField === field.name)?.polymorphic?.typeLabelAs;
}

export function describeColumn(column: ColumnConfig, entity: EntityDef, language: Language): ColumnDescriptor | null {
  const key = column.key ?? column.field;
  if (!key) return null;
  const field = findField(entity, key) ?? syntheticField(key);
  if (field.retired || field.secret) return null;
  const type = columnType(column, field);
  const { width, narrowed } = widthByType(type, column.width);
  return {
    key,
    title: pickLabel(column.title ?? field.label, language),
    type,
    field,
    editType: column.editType,
    lookupType: column.lookup?.typeCode ?? field.lookupType,
    displayKey: column.displayKey ?? referenceLabelKey(field) ?? polymorphicLabelKey(field, entity),
    scale: column.precision ?? defaultScale(type, field),
    currencyField: type === 'money' ? currencyFieldOf(entity) : undefined,
    // Money reads best grouped; other numbers only when the page asks (showThousandSeparator).
    thousands: column.showThousandSeparator ?? type === 'money',
    min: column.min ?? field.min,
    max: column.max ?? field.max,
    step: column.step,
    required: column.validate?.required ?? field.required ?? false,
    hidden: column.columnsDisplay === 'N',
    fixed: column.fixedStyle,
    sortable: column.sortable ?? true,
    resizable: column.resizable ?? true,
    ellipsis: column.ellipsis ?? narrowed,
    linkTag: column.linkTag ?? false,
    showIcon: column.showIcon !== 'N',
    width,
    buttonType: column.buttonType,
    attachmentConfig: attachmentConfigOf(column, field),
  };
}

/** Every column of the grid that can be shown (hidden ones included, flagged). */
export function describeColumns(
  grid: GridConfig | undefined,
  entity: EntityDef,
  language: Language,
): ColumnDescriptor[] {
  if (!grid) return [];
  return grid.columns
    .map((column) => describeColumn(column, entity, language))
    .filter((column): column is ColumnDescriptor => column !== null);
}
