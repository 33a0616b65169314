import { isContextDefault, localDateParts, resolveDefault, type EntityModel } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { ResourceContext } from './context';
import type { PreparedRecord } from './preparedRecord';

/**
 * A create that omits a field whose default names the caller's context ("$user.userId", "$today")
 * gets the value the runtime's form would have shown — an API client or an import that leaves the
 * requester out gets the caller. Applied before validation, so a required one the context lacks
 * (an internal user has no supplier) is reported on its field like any missing value; values sent
 * are kept, and stored records (updates, kept lines) are never filled.
 */
export function applyContextDefaults(
  registry: MetadataRegistry,
  entity: EntityModel,
  record: PreparedRecord,
  ctx: ResourceContext,
): void {
  if (record.id !== undefined) return fillChildren(registry, entity, record, ctx);
  const vars = { ...localDateParts(new Date()), ...ctx.vars };
  for (const field of entity.fields) {
    if (isContextDefault(field.default) && record.values[field.name] === undefined)
      record.values[field.name] = resolveDefault(field, vars);
  }
  fillChildren(registry, entity, record, ctx);
}

function fillChildren(
  registry: MetadataRegistry,
  entity: EntityModel,
  record: PreparedRecord,
  ctx: ResourceContext,
): void {
  for (const child of entity.children) {
    const model = registry.entity(child.entity)!;
    for (const row of record.children[child.name] ?? []) applyContextDefaults(registry, model, row, ctx);
  }
}
