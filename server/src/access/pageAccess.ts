import { pagePicks, pickFields, pickResourceCode, type EntityModel, type PageDef } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';

export type EntityRole = 'main' | 'line' | 'reference';

/** What a menu's page reaches: the page and its linked edit, detail and list pages. */
export interface MenuReach {
  pages: PageDef[];
  /** Entity name → how the pages use it: written as a main record, as its lines, or only read as a reference. */
  entities: Map<string, EntityRole>;
  /**
   * Source entity → the line picks of the pages that read it (FormLines.pick): with the pick's
   * button granted on the menu, the menu may read the pick's fields of the source rows.
   */
  picks: Map<string, PickGrant[]>;
}

/** A line pick as a read grant: the button it needs and the source fields it may read. */
export interface PickGrant {
  page: string;
  resourceCode: string;
  fields: ReadonlySet<string>;
}

function pickGrants(registry: MetadataRegistry, pages: PageDef[]): Map<string, PickGrant[]> {
  const grants = new Map<string, PickGrant[]>();
  for (const page of pages)
    for (const { pick } of pagePicks(page)) {
      const source = registry.entity(pick.entity);
      const resourceCode = pickResourceCode(page, pick);
      if (!source || !resourceCode) continue;
      const list = grants.get(source.name) ?? [];
      list.push({ page: page.path, resourceCode, fields: pickFields(pick, source) });
      grants.set(source.name, list);
    }
  return grants;
}

const reachCache = new WeakMap<MetadataRegistry, Map<string, MenuReach>>();

function linkedPages(registry: MetadataRegistry, start: PageDef): PageDef[] {
  const seen = new Map<string, PageDef>();
  const visit = (page: PageDef | undefined) => {
    if (!page || seen.has(page.path)) return;
    seen.set(page.path, page);
    for (const next of [page.editPage, page.detailPage, page.listPage]) if (next) visit(registry.page(next));
  };
  visit(start);
  return [...seen.values()];
}

function entityRoles(registry: MetadataRegistry, pages: PageDef[]): Map<string, EntityRole> {
  const roles = new Map<string, EntityRole>();
  const rank: Record<EntityRole, number> = { main: 3, line: 2, reference: 1 };
  const set = (name: string, role: EntityRole) => {
    const had = roles.get(name);
    if (!had || rank[role] > rank[had]) roles.set(name, role);
  };
  for (const page of pages) {
    const main = page.entity ? registry.entity(page.entity) : undefined;
    if (!main) continue;
    for (const model of registry.pageEntities(page)) set(model.name, 'reference');
    for (const child of main.children) set(child.entity, 'line');
    set(main.name, 'main');
  }
  return roles;
}

/** The pages and entities a menu opening `htmlUrl` gives access to (cached per registry). */
export function menuReach(registry: MetadataRegistry, htmlUrl: string | null | undefined): MenuReach {
  const path = (htmlUrl ?? '').replace(/^\/+/, '').split('?')[0];
  let cache = reachCache.get(registry);
  if (!cache) reachCache.set(registry, (cache = new Map()));
  let reach = cache.get(path);
  if (!reach) {
    const page = path ? registry.page(path) : undefined;
    const pages = page ? linkedPages(registry, page) : [];
    reach = { pages, entities: entityRoles(registry, pages), picks: pickGrants(registry, pages) };
    cache.set(path, reach);
  }
  return reach;
}

/**
 * The button resource an action needs on this menu: a lifecycle transition's own resourceCode,
 * else the resourceCode of the page action with that name on a page of this entity. Undefined
 * means the menu offers no such action: the call is refused whatever the user holds.
 */
export function requiredResource(
  registry: MetadataRegistry,
  reach: MenuReach,
  entity: EntityModel,
  action: string,
): string | undefined {
  const lifecycle = entity.def.lifecycle ? registry.lifecycle(entity.def.lifecycle) : undefined;
  const transition = lifecycle?.transitions.find((t) => t.action === action || t.aliases?.includes(action));
  const names = transition
    ? [transition.action]
    : action === 'doBatchSaveOrUpdate'
      ? ['doBatchSaveOrUpdate', 'saveOrUpdate']
      : [action];
  for (const name of names) {
    for (const page of reach.pages) {
      if (page.entity !== entity.name) continue;
      const found = page.actions?.find((a) => a.action === name);
      if (found) return transition?.resourceCode ?? found.resourceCode;
    }
  }
  return transition && reach.entities.get(entity.name) === 'main' ? transition.resourceCode : undefined;
}
