import {
  documentKey,
  documentKind,
  documentName,
  MetadataError,
  MetadataRegistry,
  type SourcedDocument,
} from '@meridian/metadata/node';
import type { FieldErrorOut } from '../http/apiError';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import { loadDbDocuments } from '../metadata/dbDocuments';
import type { DraftItem } from './draftInput';
import { checkTodoMenus } from './todoMenus';

/** Where a draft document comes from in problems: "draft:page:noteList". */
const draftSource = (key: string) => `draft:${key}`;

const keyOf = (doc: unknown): string | undefined => {
  const kind = documentKind(doc);
  const name = kind && documentName(doc as { kind: string });
  return kind && name ? documentKey(kind, name) : undefined;
};

/**
 * A problem as a field error a UI can place: `field` is "{document}#{JSON pointer}", the document
 * being the draft's key (entity:srmNote) or, for a document the draft breaks, its source.
 */
export function problemErrors(error: MetadataError): FieldErrorOut[] {
  return error.problems.map((p) => ({
    field: `${p.document.startsWith('draft:') ? p.document.slice('draft:'.length) : p.document}#${p.pointer}`,
    message: p.message,
  }));
}

export interface Candidate {
  registry: MetadataRegistry;
  /** Documents in files, by key: read-only here. */
  fileKeys: Map<string, string>;
}

/**
 * The whole metadata as it would be after the draft: file documents, the stored documents with
 * the draft's replacing theirs (or removed), and the draft's new ones — validated and
 * cross-checked exactly as at start-up. Throws a 400 listing every problem, placed on its field.
 */
export async function candidateRegistry(kernel: Kernel, items: DraftItem[]): Promise<Candidate> {
  const fileDocuments = kernel.live?.fileDocuments ?? [];
  const fileKeys = new Map(
    fileDocuments.map((d) => [keyOf(d.doc), d.source] as const).filter((e): e is [string, string] => !!e[0]),
  );
  const readOnly = items.filter((i) => fileKeys.has(i.key));
  if (readOnly.length) {
    throw Errors.badRequest(
      '文件中定义的元数据不能在此修改',
      'Metadata defined in files cannot be changed here',
      readOnly.map((i) => ({
        field: `${i.key}#/`,
        message: `${i.key} is defined in ${fileKeys.get(i.key)} (read-only; change it in git)`,
      })),
    );
  }
  const drafts = new Map(items.map((i) => [i.key, i]));
  const stored: SourcedDocument[] = (
    await loadDbDocuments(kernel.db.dataSource, kernel.config.dbKind, fileDocuments)
  ).filter((d) => !drafts.has(keyOf(d.doc) ?? ''));
  const added = items.filter((i) => i.content).map((i) => ({ source: draftSource(i.key), doc: i.content }));
  let registry: MetadataRegistry;
  try {
    registry = MetadataRegistry.load([...fileDocuments, ...stored, ...added]);
  } catch (e) {
    if (e instanceof MetadataError)
      throw Errors.badRequest('元数据校验未通过', 'The metadata is not valid', problemErrors(e));
    throw e;
  }
  await checkTodoMenus(kernel, items);
  return { registry, fileKeys };
}
