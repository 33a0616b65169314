import type { EntityDef, LifecycleDef, PageDef } from '../generated/meta-model';
import { sha256Hex } from '../sha256';

/** The document kinds an administrator authors in table_model (files hold the rest). */
export const MODELED_KINDS = ['entity', 'page', 'lifecycle'] as const;
export type ModeledKind = (typeof MODELED_KINDS)[number];
export type ModeledDocument = EntityDef | PageDef | LifecycleDef;

export function isModeledKind(kind: unknown): kind is ModeledKind {
  return typeof kind === 'string' && (MODELED_KINDS as readonly string[]).includes(kind);
}

/** A document's identity: entities and lifecycles by name, pages by path. */
export function documentName(doc: { kind?: unknown; name?: unknown; path?: unknown }): string | undefined {
  const name = doc.kind === 'page' ? doc.path : doc.name;
  return typeof name === 'string' && name ? name : undefined;
}

/** "entity:srmDemoNote", "page:demoNoteList": one string naming a document in messages and maps. */
export function documentKey(kind: string, name: string): string {
  return `${kind}:${name}`;
}

/** JSON with object keys sorted: the same content always gives the same text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Content hash of a document, independent of key order: how bundles recognise a version. */
export function contentHash(doc: unknown): string {
  return sha256Hex(canonicalJson(doc));
}
