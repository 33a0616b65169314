import type { MetadataRegistry } from '@meridian/metadata/node';
import type { WrittenEntity } from '../http/envelope';

/** Per registry (a publish makes a new one): table name → the entity stored in it. */
const byTable = new WeakMap<MetadataRegistry, Map<string, WrittenEntity>>();

function tablesOf(registry: MetadataRegistry): Map<string, WrittenEntity> {
  let map = byTable.get(registry);
  if (!map) {
    map = new Map(registry.entities().map((e) => [e.table.toLowerCase(), { area: e.area, name: e.name }]));
    byTable.set(registry, map);
  }
  return map;
}

/** The entities behind the tables a request wrote (db/writeJournal.ts), in name order; other tables are left out. */
export function writtenEntities(registry: MetadataRegistry, tables: Set<string>): WrittenEntity[] {
  const map = tablesOf(registry);
  return [...tables]
    .map((t) => map.get(t))
    .filter((e): e is WrittenEntity => !!e)
    .sort((a, b) => a.name.localeCompare(b.name));
}
