import { contentHash, documentKey, documentName, isModeledKind, type ModeledKind } from './documentKey';
import { diffDocuments, type DiffEntry } from './documentDiff';

/**
 * A metadata bundle carries documents from one installation to another (dev → test → prod).
 * Each document comes with its version number at the source and the hashes of every content it
 * has had there (`history`, oldest first, ending with the current one). The target accepts a
 * document when its own current content is one of those: it is then merely behind. Anything
 * else means someone changed the document on the target: drift, refused by name.
 */
export const BUNDLE_FORMAT = 'meridian-metadata-bundle';

export interface BundleDocument {
  kind: ModeledKind;
  name: string;
  version: number;
  hash: string;
  history: string[];
  content: Record<string, unknown>;
}

export interface MetadataBundle {
  format: typeof BUNDLE_FORMAT;
  formatVersion: 1;
  exportedAt: string;
  documents: BundleDocument[];
}

/** The target's current state of a document, if it has one. */
export interface TargetDocument {
  version: number;
  content: unknown;
}

export type ImportStatus = 'new' | 'unchanged' | 'update' | 'conflict';

export interface ImportPlanItem {
  kind: ModeledKind;
  name: string;
  status: ImportStatus;
  bundleVersion: number;
  targetVersion?: number;
  diff: DiffEntry[];
  message: string;
}

/** Problems of a bundle's shape (not its documents' validity: the publish validates those). */
export function bundleProblems(value: unknown): string[] {
  const b = value as Partial<MetadataBundle> | null;
  if (!b || typeof b !== 'object') return ['the bundle must be a JSON object'];
  if (b.format !== BUNDLE_FORMAT || b.formatVersion !== 1) return [`not a ${BUNDLE_FORMAT} of formatVersion 1`];
  if (!Array.isArray(b.documents) || b.documents.length === 0) return ['the bundle has no documents'];
  const problems: string[] = [];
  const seen = new Set<string>();
  b.documents.forEach((d, i) => {
    const content = d?.content as { kind?: unknown } | undefined;
    if (!d || !isModeledKind(d.kind) || !content || content.kind !== d.kind || documentName(content) !== d.name) {
      problems.push(`documents/${i}: needs kind (entity, page or lifecycle), name and matching content`);
      return;
    }
    if (!Array.isArray(d.history) || d.hash !== contentHash(d.content) || d.history[d.history.length - 1] !== d.hash) {
      problems.push(`documents/${i} (${documentKey(d.kind, d.name)}): its hash or history does not match its content`);
    }
    if (seen.has(documentKey(d.kind, d.name)))
      problems.push(`documents/${i}: ${documentKey(d.kind, d.name)} appears twice`);
    seen.add(documentKey(d.kind, d.name));
  });
  return problems;
}

function planItem(doc: BundleDocument, target: TargetDocument | undefined): ImportPlanItem {
  const base = { kind: doc.kind, name: doc.name, bundleVersion: doc.version, targetVersion: target?.version };
  const key = documentKey(doc.kind, doc.name);
  if (!target)
    return { ...base, status: 'new', diff: diffDocuments(undefined, doc.content), message: `${key} is new here` };
  const diff = diffDocuments(target.content, doc.content);
  const hash = contentHash(target.content);
  if (hash === doc.hash) return { ...base, status: 'unchanged', diff, message: `${key} is already at this content` };
  if (doc.history.includes(hash))
    return {
      ...base,
      status: 'update',
      diff,
      message: `${key} goes from version ${target.version} here to the bundle's version ${doc.version}`,
    };
  return {
    ...base,
    status: 'conflict',
    diff,
    message: `${key} has drifted: its version ${target.version} here was changed after the bundle's source last saw it (not any version the bundle descends from); reconcile it before importing`,
  };
}

/** The import preview: what each bundle document would do on this target. */
export function planImport(
  bundle: MetadataBundle,
  targetOf: (kind: ModeledKind, name: string) => TargetDocument | undefined,
): ImportPlanItem[] {
  return bundle.documents.map((d) => planItem(d, targetOf(d.kind, d.name)));
}
