import type { MetadataRegistry } from '@meridian/metadata/node';

const MAX_NAMED = 3;

/** Whether a page's JSON names the lookup type as a column's or field's lookup (`lookup.typeCode`). */
function pageUses(node: unknown, code: string): boolean {
  if (Array.isArray(node)) return node.some((n) => pageUses(n, code));
  if (!node || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  if (record.typeCode === code) return true;
  return Object.values(record).some((v) => pageUses(v, code));
}

/**
 * What in the loaded metadata uses a lookup type (entity fields, pages, lifecycles), named
 * "entity:srmNote.kind", "page:noteList", "lifecycle:note" — at most a few, for a message.
 */
export function lookupTypeUsers(registry: MetadataRegistry, code: string): string[] {
  const users = [
    ...registry
      .entities()
      .flatMap((e) =>
        e.fields.filter((f) => f.lookupType === code && !f.retired).map((f) => `entity:${e.name}.${f.name}`),
      ),
    ...registry
      .pages()
      .filter((p) => pageUses(p, code))
      .map((p) => `page:${p.path}`),
    ...registry
      .lifecycles()
      .filter((l) => l.statusLookup === code)
      .map((l) => `lifecycle:${l.name}`),
  ];
  return users.length > MAX_NAMED ? [...users.slice(0, MAX_NAMED), `… (${users.length})`] : users;
}
