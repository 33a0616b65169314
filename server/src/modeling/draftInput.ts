import { documentKey, documentName, isModeledKind, type ModeledKind } from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import { checkDocumentNesting } from '../resource/filterLimits';

/** One document of a publish: its new content (null = remove it) and the version it was edited from. */
export interface DraftItem {
  kind: ModeledKind;
  name: string;
  key: string;
  content: Record<string, unknown> | null;
  /** The version the administrator started from; must still be the current one (else 409). */
  baseVersion?: number;
}

const bad = (en: string, field: string) => Errors.badRequest('请求参数不正确', en, [{ field, message: en }]);

export function requiredString(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (typeof v !== 'string' || !v.trim()) throw bad(`${name} is required`, name);
  return v.trim();
}

export function optionalVersion(body: Record<string, unknown>, name: string): number | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw bad(`${name} must be a whole number ≥ 0`, name);
  return v;
}

export function requiredVersion(body: Record<string, unknown>, name: string): number {
  const v = optionalVersion(body, name);
  if (v === undefined) throw bad(`${name} is required`, name);
  return v;
}

export function modeledKind(body: Record<string, unknown>, name = 'kind'): ModeledKind {
  const v = body[name];
  if (!isModeledKind(v)) throw bad(`${name} must be entity, page or lifecycle`, name);
  return v;
}

function contentItem(raw: Record<string, unknown>, at: string): DraftItem {
  const content = raw.content as Record<string, unknown> | null | undefined;
  if (!content || typeof content !== 'object' || Array.isArray(content))
    throw bad(`${at}/content must be a metadata document`, `${at}/content`);
  if (!isModeledKind(content.kind))
    throw bad(`${at}/content/kind must be entity, page or lifecycle`, `${at}/content/kind`);
  const name = documentName(content);
  if (!name) throw bad(`${at}/content needs its ${content.kind === 'page' ? 'path' : 'name'}`, `${at}/content`);
  return {
    kind: content.kind,
    name,
    key: documentKey(content.kind, name),
    content,
    baseVersion: optionalVersion(raw, 'baseVersion'),
  };
}

function removalItem(raw: Record<string, unknown>): DraftItem {
  const kind = modeledKind(raw);
  const name = requiredString(raw, 'name');
  return { kind, name, key: documentKey(kind, name), content: null, baseVersion: requiredVersion(raw, 'baseVersion') };
}

/** Reads a publish body: `documents: [{content, baseVersion}]`, `remove: [{kind, name, baseVersion}]`. */
export function readDraft(body: Record<string, unknown>): DraftItem[] {
  const documents = body.documents ?? [];
  const remove = body.remove ?? [];
  // Before the schema validation, which recurses (docs/decisions.md, issue 13).
  checkDocumentNesting(documents, 'documents');
  checkDocumentNesting(remove, 'remove');
  if (!Array.isArray(documents) || !Array.isArray(remove)) throw bad('documents and remove must be lists', 'documents');
  const items = [
    ...documents.map((d, i) => contentItem((d ?? {}) as Record<string, unknown>, `/documents/${i}`)),
    ...remove.map((d) => removalItem((d ?? {}) as Record<string, unknown>)),
  ];
  if (!items.length) throw bad('documents is empty: nothing to publish', 'documents');
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.key)) throw bad(`${item.key} appears twice`, 'documents');
    seen.add(item.key);
  }
  return items;
}
