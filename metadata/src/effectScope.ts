/**
 * What the load checks of declared effects share (effectCheck.ts, createRecordCheck.ts): the
 * lifecycle's entities, where to report, and which fields an effect may read and write.
 */
import type { EntityModel } from './entityModel';
import type { MetadataCatalog } from './metadataCatalog';
import { referencedField } from './referencedNames';
import { AUDIT_FIELD_NAMES, VERSION_FIELD } from './systemFields';

export type Report = (pointer: string, message: string) => void;

/** Columns the platform keeps: an effect never writes them. */
export const PLATFORM_FIELDS = new Set<string>([...AUDIT_FIELD_NAMES, VERSION_FIELD]);

export interface Scope {
  registry: MetadataCatalog;
  entities: EntityModel[];
  report: Report;
  /**
   * A lifecycle an administrator designed (stored or drafted in table_model): its to-dos open from
   * menus made in the menu screens — rows of base_menu, not metadata documents — so the server's
   * table_model check looks their menu codes up in the database instead (modeling/todoMenus.ts).
   */
  adminMade: boolean;
}

/** Sources of documents made in table_model: stored (db:) and drafted (draft:). */
export const isAdminSource = (source: string) => /^(db|draft):/.test(source);

/** A field of the record, or "reference.field": a field of the record its reference field names. */
export const recordField = (s: Scope, entity: EntityModel, name: string) =>
  !!entity.field(name) || !!referencedField(s.registry, entity, name);

export function checkFields(s: Scope, pointer: string, names: string[], what: string): void {
  for (const name of names)
    for (const entity of s.entities)
      if (!recordField(s, entity, name)) s.report(pointer, `${what} "${name}" is not a field of ${entity.name}`);
}
