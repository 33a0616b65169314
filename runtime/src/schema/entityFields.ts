/** Look-ups over an entity's fields that every schema builder needs. */
import { isWritableByUserType, resolveDefault, type FilterVariables } from '@meridian/metadata';
import type { DataRecord, EntityDef, FieldDef } from '../meta';

/** Appended by the server to every entity (docs/architecture.md "Entity": audit fields and versionNum). */
export const AUDIT_FIELDS = ['createdBy', 'creationDate', 'lastUpdatedBy', 'lastUpdateDate', 'versionNum'] as const;

export function isSystemField(entity: EntityDef, name: string): boolean {
  return name === entity.primaryKey || (AUDIT_FIELDS as readonly string[]).includes(name);
}

export function findField(entity: EntityDef | undefined, name: string | undefined): FieldDef | undefined {
  if (!entity || !name) return undefined;
  return entity.fields.find((field) => field.name === name);
}

/** Fields people fill in or read on a form: not system, retired or secret. */
export function userFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((field) => !field.retired && !field.secret && !isSystemField(entity, field.name));
}

/**
 * Filled by the server: shown, never edited. The entity's status field is one whatever its
 * serverOnly flag says: it moves only through lifecycle actions, and a save drops it from the body
 * (server/src/resource/recordPreparation.ts), so a form must not offer it on a new record either.
 */
export function isServerOwned(field: FieldDef, entity?: EntityDef): boolean {
  return Boolean(field.serverOnly || field.generated || (entity?.statusField && field.name === entity.statusField));
}

/** Shown, never edited, by this user: filled by the server, or written by the other kind of user (writableBy). */
export function isReadOnlyFor(field: FieldDef, entity: EntityDef | undefined, userType: string | undefined): boolean {
  return isServerOwned(field, entity) || !isWritableByUserType(field, userType);
}

/**
 * A new record: metadata defaults, nothing else (the server fills keys and audit fields). A default
 * naming the context ("$user.userId", "$today") is read from vars; one the context lacks stays empty.
 */
export function defaultRecord(entity: EntityDef, vars: FilterVariables = {}): DataRecord {
  const record: DataRecord = {};
  for (const field of entity.fields) {
    if (field.retired) continue;
    const value = resolveDefault(field, vars);
    if (value !== undefined && value !== null) record[field.name] = value;
  }
  return record;
}

/** A placeholder field for a grid column that names no entity field (e.g. a joined label). */
export function syntheticField(name: string): FieldDef {
  return { name, type: 'string', label: { cn: name, en: name } };
}
