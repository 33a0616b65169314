import {
  BUNDLE_FORMAT,
  bundleProblems,
  contentHash,
  documentKey,
  planImport,
  type BundleDocument,
  type ImportPlanItem,
  type MetadataBundle,
  type ModeledKind,
} from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import { checkDocumentNesting } from '../resource/filterLimits';
import type { Kernel } from '../kernel';
import { planPublish, publish } from './publisher';
import type { DraftItem } from './draftInput';
import { contentHistory, storedDocument, storedDocuments, type StoredDocument } from './metaStore';

async function bundleDocument(kernel: Kernel, doc: StoredDocument): Promise<BundleDocument> {
  const hash = contentHash(doc.content);
  const history = await contentHistory(kernel.db, doc.kind, doc.name);
  if (history[history.length - 1] !== hash) history.push(hash); // stored before versions were kept
  return { kind: doc.kind, name: doc.name, version: doc.version, hash, history, content: doc.content };
}

/** Exports the named stored documents (all enabled ones when none are named) as a bundle. */
export async function exportBundle(
  kernel: Kernel,
  wanted: { kind: ModeledKind; name: string }[],
): Promise<MetadataBundle> {
  const docs: StoredDocument[] = [];
  if (!wanted.length) docs.push(...(await storedDocuments(kernel.db)).filter((d) => d.enabled));
  for (const w of wanted) {
    const doc = await storedDocument(kernel.db, w.kind, w.name);
    if (!doc?.enabled)
      throw Errors.notFound('文档不存在', `${documentKey(w.kind, w.name)} is not a stored document here`);
    docs.push(doc);
  }
  return {
    format: BUNDLE_FORMAT,
    formatVersion: 1,
    exportedAt: new Date().toISOString(),
    documents: await Promise.all(docs.map((d) => bundleDocument(kernel, d))),
  };
}

function readBundle(value: unknown): MetadataBundle {
  checkDocumentNesting(value, 'bundle'); // before the recursive checks (docs/decisions.md, issue 13)
  const problems = bundleProblems(value);
  if (problems.length)
    throw Errors.badRequest(
      '导入包格式不正确',
      'The bundle is not valid',
      problems.map((message) => ({ field: 'bundle', message })),
    );
  return value as MetadataBundle;
}

async function planOf(kernel: Kernel, bundle: MetadataBundle): Promise<ImportPlanItem[]> {
  const targets = new Map<string, StoredDocument | undefined>();
  for (const d of bundle.documents) {
    const stored = await storedDocument(kernel.db, d.kind, d.name);
    targets.set(documentKey(d.kind, d.name), stored?.enabled ? stored : undefined);
  }
  return planImport(bundle, (kind, name) => targets.get(documentKey(kind, name)));
}

const draftItems = (bundle: MetadataBundle, plan: ImportPlanItem[]): DraftItem[] =>
  plan
    .filter((p) => p.status === 'new' || p.status === 'update')
    .map((p) => {
      const doc = bundle.documents.find((d) => d.kind === p.kind && d.name === p.name)!;
      return {
        kind: p.kind,
        name: p.name,
        key: documentKey(p.kind, p.name),
        content: doc.content,
        baseVersion: p.targetVersion ?? 0,
      };
    });

function refuseConflicts(plan: ImportPlanItem[]): void {
  const conflicts = plan.filter((p) => p.status === 'conflict');
  if (conflicts.length) {
    throw Errors.conflict(
      `目标环境的元数据已被修改，拒绝导入：${conflicts.map((c) => documentKey(c.kind, c.name)).join('、')}`,
      `Import refused: the target has drifted — ${conflicts.map((c) => c.message).join('; ')}`,
    );
  }
}

/** The import preview: per document new / unchanged / update / conflict with its diff, plus the DDL when importable. */
export async function previewImport(kernel: Kernel, value: unknown) {
  const bundle = readBundle(value);
  const plan = await planOf(kernel, bundle);
  const importable = !plan.some((p) => p.status === 'conflict');
  const items = draftItems(bundle, plan);
  const migration = importable && items.length ? (await planPublish(kernel, items)).migration : [];
  return { importable, documents: plan, migration };
}

/** Imports a bundle: refused as a whole (409, naming each document) when the target has drifted. */
export async function importBundle(kernel: Kernel, value: unknown, userId: number | null, comment?: string) {
  const bundle = readBundle(value);
  const plan = await planOf(kernel, bundle);
  refuseConflicts(plan);
  const items = draftItems(bundle, plan);
  if (!items.length) return { documents: plan, versions: [], migrated: [] };
  const result = await publish(
    kernel,
    items,
    'IMPORT',
    userId,
    comment ?? `import of a bundle exported ${bundle.exportedAt}`,
  );
  return { documents: plan, versions: result.versions, migrated: result.migrated };
}
