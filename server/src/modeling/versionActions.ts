import { diffDocuments, documentKey, type ModeledKind } from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import { listVersions, storedDocument, storedDocuments, versionContent } from './metaStore';
import { publish } from './publisher';

/** The stored documents (admin-made), newest version number each, without content. */
export async function listDocuments(kernel: Kernel) {
  return (await storedDocuments(kernel.db)).map(({ kind, name, version, enabled }) => ({
    kind,
    name,
    version,
    enabled,
  }));
}

export async function getDocument(kernel: Kernel, kind: ModeledKind, name: string) {
  const doc = await storedDocument(kernel.db, kind, name);
  if (!doc) throw Errors.notFound('文档不存在', `${documentKey(kind, name)} does not exist`);
  return { kind, name, version: doc.version, enabled: doc.enabled, content: doc.content };
}

async function contentAt(kernel: Kernel, kind: ModeledKind, name: string, versionNo: number) {
  const found = await versionContent(kernel.db, kind, name, versionNo);
  if (!found) throw Errors.notFound('版本不存在', `${documentKey(kind, name)} has no version ${versionNo}`);
  return found.content;
}

export { listVersions };

export async function getVersion(kernel: Kernel, kind: ModeledKind, name: string, versionNo: number) {
  return { kind, name, versionNo, content: await contentAt(kernel, kind, name, versionNo) };
}

/** Diff between two versions of a document (`to` defaults to the current one). */
export async function diffVersions(kernel: Kernel, kind: ModeledKind, name: string, from: number, to?: number) {
  const target = to ?? (await storedDocument(kernel.db, kind, name))?.version ?? 0;
  const before = await contentAt(kernel, kind, name, from);
  const after = await contentAt(kernel, kind, name, target);
  return { from, to: target, diff: diffDocuments(before ?? undefined, after ?? undefined) };
}

/**
 * Rolls a document back: the content of an earlier version is published again as a new version,
 * through the same rules as any publish (a rollback that would lose data is refused as well).
 */
export async function rollback(
  kernel: Kernel,
  kind: ModeledKind,
  name: string,
  versionNo: number,
  baseVersion: number,
  userId: number | null,
  comment?: string,
) {
  const content = await contentAt(kernel, kind, name, versionNo);
  const result = await publish(
    kernel,
    [{ kind, name, key: documentKey(kind, name), content, baseVersion }],
    'ROLLBACK',
    userId,
    comment ?? `rollback to version ${versionNo}`,
  );
  return { versions: result.versions, migrated: result.migrated, diff: result.plan.documents[0].diff };
}
