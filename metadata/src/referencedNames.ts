/**
 * Values an effect reads from the record a reference field names ("eqHeaderId.eqNumber": the
 * EQ's number on its follow-up's to-do): in placeholders, recipient fields and copied values.
 * The server reads them once per transition, with the record (server/src/lifecycle/referencedValues.ts).
 */
import type { EntityModel } from './entityModel';
import { placeholders } from './effects';
import type { TransitionDef } from './generated/meta-model';
import type { MetadataCatalog } from './metadataCatalog';

/** The field a "reference.field" name reads, or undefined when it names none. */
export function referencedField(registry: Pick<MetadataCatalog, 'entity'>, entity: EntityModel, name: string) {
  const [reference, field, more] = name.split('.');
  if (!field || more !== undefined) return undefined;
  const target = entity.field(reference)?.reference?.entity;
  return target ? registry.entity(target)?.field(field) : undefined;
}

const NAMING_KEYS = new Set(['field', 'addDaysFrom', 'userField', 'supplierField']);

/** Every dotted name the transition's effects use: placeholders of their texts and links, recipient and value fields. */
export function dottedNames(t: Pick<TransitionDef, 'effects'>): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, key?: string): void => {
    if (typeof node === 'string') {
      const names = key && NAMING_KEYS.has(key) ? [node] : placeholders(node);
      for (const name of names) if (name.includes('.')) found.add(name);
    } else if (Array.isArray(node)) node.forEach((n) => walk(n));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(t.effects ?? []);
  return [...found];
}
