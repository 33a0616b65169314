import { parentLink, supplierAccess, type EntityModel, type FilterNode } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { UserPermits } from './permits';

/** A filter no row satisfies (compiles to 1=0; evaluates to false in memory). */
export const NO_ROWS: FilterNode = { or: [] };

export type SupplierScope = { filter?: FilterNode; own?: string } | { denied: true };

/**
 * What a supplier (EX) user may reach of an entity (docs/developer-guide.md, "Row scope"): their
 * own rows, the lines of headers they may reach, shared reference data (read only), or nothing.
 * `own` names the field whose value is theirs by force on a write.
 */
export function supplierScope(registry: MetadataRegistry, entity: EntityModel, reading: boolean): SupplierScope {
  switch (supplierAccess(entity.def)) {
    case 'own': {
      const field = entity.def.rowScope!.supplierField!;
      const own: FilterNode = { field, op: 'eq', value: '$user.supplierId' };
      const visible = entity.def.rowScope?.supplierVisible;
      return { filter: visible ? { and: [own, visible] } : own, own: field };
    }
    case 'parent': {
      const link = parentLink(entity, (name) => registry.entity(name));
      // Lines are written through their header, never on their own.
      if (!link || !reading) return { denied: true };
      const header = supplierScope(registry, link.header, true);
      if ('denied' in header) return header;
      return header.filter ? { filter: { parent: header.filter } } : {};
    }
    case 'shared':
      return reading ? {} : { denied: true };
    default:
      return { denied: true };
  }
}

function permitted(field: string | undefined, all: boolean, ids: number[]): FilterNode | undefined {
  if (!field || all) return undefined;
  return ids.length ? { field, op: 'in', value: ids } : NO_ROWS;
}

/**
 * The organisation and category permits of an internal user on an entity: rows whose orgField /
 * categoryField they are permitted, and the entity's internalVisible guard (a supplier's drafts);
 * a line is limited through its header.
 */
export function internalScope(
  registry: MetadataRegistry,
  entity: EntityModel,
  permits: UserPermits,
): FilterNode | undefined {
  const scope = entity.def.rowScope;
  const parts: FilterNode[] = [];
  const org = permitted(scope?.orgField, permits.allOrgs, permits.orgIds);
  const category = permitted(scope?.categoryField, permits.allCategories, permits.categoryIds);
  if (org) parts.push(org);
  if (category) parts.push(category);
  if (scope?.internalVisible) parts.push(scope.internalVisible);
  const link = scope?.fromParent ? parentLink(entity, (name) => registry.entity(name)) : undefined;
  const header = link && internalScope(registry, link.header, permits);
  if (header) parts.push({ parent: header });
  return parts.length > 1 ? { and: parts } : parts[0];
}

/** Which permit a row scope asks of an internal user and they lack (for the access explainer). */
export function missingPermits(entity: EntityModel, permits: UserPermits): string[] {
  const scope = entity.def.rowScope;
  const missing: string[] = [];
  if (scope?.orgField && !permits.allOrgs)
    missing.push(
      `organisation permits (baseUserOrgPermit) on ${scope.orgField}: ${permits.orgIds.length ? permits.orgIds.join(', ') : 'none'}`,
    );
  if (scope?.categoryField && !permits.allCategories)
    missing.push(
      `category permits (baseUserCategoryPermit) on ${scope.categoryField}: ${permits.categoryIds.length ? permits.categoryIds.join(', ') : 'none'}`,
    );
  return missing;
}
