/** The small application under __fixtures__/miniApp, loaded for registry and cross-check tests. */
import * as path from 'node:path';
import type { SourcedDocument } from '../documents';
import { loadDocumentFiles } from '../loader';
import { MetadataError, type MetadataProblem } from '../problems';
import { MetadataRegistry } from '../registry';

/** A miniApp document's source name, as the loader gives it. */
export const miniAppSource = (file: string) => `metadata/src/__fixtures__/miniApp/${file}.json`;

/** A fresh copy of the miniApp documents, to change before loading. */
export function miniAppDocuments(): SourcedDocument[] {
  return loadDocumentFiles([path.join(__dirname, 'miniApp')]);
}

/** The problems the registry reports for these documents; none when they load. */
export function loadProblems(docs: SourcedDocument[]): MetadataProblem[] {
  try {
    MetadataRegistry.load(docs);
    return [];
  } catch (e) {
    if (e instanceof MetadataError) return e.problems;
    throw e;
  }
}

/** The problems of miniApp after `mutate` changed some of its documents (a document is found by file). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests change the raw JSON documents freely
export function miniAppProblems(mutate: (doc: (file: string) => any) => void): MetadataProblem[] {
  const docs = miniAppDocuments();
  mutate((file) => docs.find((d) => d.source === miniAppSource(file))!.doc);
  return loadProblems(docs);
}

/** A SYS_TOBEDO lookup with these to-do types, as a document to add to the miniApp's. */
export function todoTypesDocument(values: Array<{ code: string; cn: string; en: string }>): SourcedDocument {
  return {
    source: 'test:todo-types',
    doc: {
      kind: 'lookupSet',
      lookups: [
        {
          lookupType: 'SYS_TOBEDO',
          meaning: { cn: '待办类型', en: 'To-do type' },
          values: values.map((v) => ({ lookupCode: v.code, meaning: { cn: v.cn, en: v.en } })),
        },
      ],
    },
  };
}
