import type { EntityDef, FieldDef } from './generated/meta-model';
import { toSnakeCase } from './naming';

export type SystemRole = 'primaryKey' | 'audit' | 'version';

/** A field with its storage column resolved and, for fields the platform adds, its role. */
export interface ResolvedField extends FieldDef {
  column: string;
  system?: SystemRole;
}

export const AUDIT_FIELD_NAMES = ['createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate'] as const;
export const VERSION_FIELD = 'versionNum';

const AUDIT_FIELDS: ResolvedField[] = [
  {
    name: 'createdBy',
    type: 'integer',
    label: { cn: '创建人', en: 'Created by' },
    column: 'created_by',
    system: 'audit',
  },
  {
    name: 'creationDate',
    type: 'datetime',
    label: { cn: '创建时间', en: 'Created at' },
    column: 'creation_date',
    system: 'audit',
  },
  {
    name: 'lastUpdatedBy',
    type: 'integer',
    label: { cn: '最后更新人', en: 'Last updated by' },
    column: 'last_updated_by',
    system: 'audit',
  },
  {
    name: 'lastUpdateDate',
    type: 'datetime',
    label: { cn: '最后更新时间', en: 'Last updated at' },
    column: 'last_update_date',
    system: 'audit',
  },
  {
    name: VERSION_FIELD,
    type: 'integer',
    label: { cn: '版本号', en: 'Version' },
    column: 'version_num',
    system: 'version',
  },
];

export function primaryKeyField(entity: EntityDef): ResolvedField {
  return {
    name: entity.primaryKey,
    type: 'integer',
    label: { cn: '主键', en: 'ID' },
    column: toSnakeCase(entity.primaryKey),
    system: 'primaryKey',
  };
}

/**
 * The row property that carries a reference's label when the field declares no labelAs
 * (personId → personIdLabel): every reference is read with its label, so no view shows a bare id.
 */
export function defaultLabelAs(fieldName: string): string {
  return `${fieldName}Label`;
}

function withLabelAs(field: FieldDef): FieldDef {
  if (field.type !== 'reference' || !field.reference || field.reference.labelAs) return field;
  return { ...field, reference: { ...field.reference, labelAs: defaultLabelAs(field.name) } };
}

/** Declared fields (columns resolved, references given a labelAs) followed by the primary key, audit columns and versionNum. */
export function resolveFields(entity: EntityDef): ResolvedField[] {
  const declared = entity.fields.map((f) => ({ ...withLabelAs(f), column: f.column ?? toSnakeCase(f.name) }));
  return [primaryKeyField(entity), ...declared, ...AUDIT_FIELDS.map((f) => ({ ...f }))];
}

/** A supplier's user: its user type starts with EX (EX, EX_ADMIN); any other is internal. */
export function isSupplierUserType(userType: unknown): boolean {
  return String(userType ?? '').startsWith('EX');
}

/** The kind of user a user type is, as `writableBy` and the applicant's type name it. */
export function userKind(userType: unknown): 'EX' | 'INSIDE' {
  return isSupplierUserType(userType) ? 'EX' : 'INSIDE';
}

/**
 * A field a save by this caller may set (field.schema.json `writableBy`): users of the named kind
 * only. A caller of no user type (the system) always may.
 */
export function isWritableByUserType(field: Pick<ResolvedField, 'writableBy'>, userType: unknown): boolean {
  if (!field.writableBy || userType === undefined || userType === null) return true;
  return userKind(userType) === field.writableBy;
}

/** Fields a request body may never set: keys, audit columns, versionNum (checked, not written), serverOnly ones. */
export function isWritableFromBody(field: ResolvedField): boolean {
  return !field.system && !field.serverOnly && !field.generated && !field.retired && !field.secret;
}
