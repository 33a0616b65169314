import { codeField, filterFields, type EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';

const cache = new WeakMap<MetadataRegistry, Map<string, ReadonlySet<string>>>();

/**
 * What a reference picker needs of a target entity, and all that a menu using the entity only as a
 * reference may read of it: the key, the display field, and every value and label field that a
 * reference to it names (in both languages), the target's code (a picker searches by code and name:
 * metadata referenceSearch.ts), and the fields a reference copies on a pick. The rest of the record — a person's mobile and
 * e-mail, say — stays with the menus that manage the entity.
 */
export function pickerFields(registry: MetadataRegistry, target: EntityModel): ReadonlySet<string> {
  let byEntity = cache.get(registry);
  if (!byEntity) cache.set(registry, (byEntity = new Map()));
  let fields = byEntity.get(target.name);
  if (!fields) byEntity.set(target.name, (fields = collect(registry, target)));
  return fields;
}

function collect(registry: MetadataRegistry, target: EntityModel): ReadonlySet<string> {
  const names = new Set<string>([target.primaryKey]);
  const add = (name: string | undefined) => {
    if (!name || !target.field(name)) return;
    names.add(name);
    if (target.field(`${name}En`)) names.add(`${name}En`);
  };
  add(target.def.displayField);
  add(codeField(target.def));
  for (const entity of registry.entities()) {
    for (const field of entity.fields) {
      const ref = field.reference;
      if (ref?.entity !== target.name) continue;
      add(ref.valueField);
      add(ref.labelField);
      add(ref.labelFieldEn);
      // The picker searches with the reference's declared filter: its fields must be filterable through the picker.
      for (const name of filterFields(ref.filter)) add(name);
      // A pick that copies values (copyFields) reads them through the picker: declared, so allowed.
      for (const source of Object.values(ref.copyFields ?? {})) add(source);
    }
  }
  return names;
}
