/**
 * The one place where the runtime names the meta-model types generated from
 * metadata/schema/*.schema.json, so that a renamed schema title is fixed here only.
 */
export type {
  EntityDef,
  FieldDef,
  ChildDef,
  PageDef,
  GridConfig,
  ColumnConfig,
  AttachmentConfig,
  FormDef,
  FormSection,
  FormField,
  FormLines,
  PageAction,
  SearchField,
  FilterNode,
  FilterCondition,
  FilterOperator,
  I18NText,
  LifecycleDef,
  TransitionDef,
  EffectDef,
  EffectValue,
  RecipientsDef,
  TransitionCheck,
  TransitionTimer,
} from '@meridian/metadata';

import type { EntityDef, PageDef, TransitionDef } from '@meridian/metadata';

/** A lifecycle as findPage sends it: the transitions (approval rules stay on the server). */
export interface ClientLifecycle {
  name: string;
  statusLookup: string;
  transitions: Pick<
    TransitionDef,
    | 'action'
    | 'aliases'
    | 'from'
    | 'to'
    | 'label'
    | 'approval'
    | 'commentRequired'
    | 'submitterOnly'
    | 'effects'
    | 'input'
  >[];
}

/** Answer of baseMetadataRestful/findPage: the page, every entity it touches, and their lifecycles (by entity name). */
export interface PageBundle {
  page: PageDef;
  entities: Record<string, EntityDef>;
  lifecycles?: Record<string, ClientLifecycle>;
}

/** Field types of field.schema.json, kept as a union for exhaustive switches. */
export type FieldType =
  | 'string'
  | 'text'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'quantity'
  | 'date'
  | 'datetime'
  | 'flag'
  | 'lookup'
  | 'reference'
  | 'attachment'
  | 'json';

/** Generic record as it travels on the wire. */
export type DataRecord = Record<string, unknown>;
