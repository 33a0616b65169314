/**
 * The calls of table_model (server/src/modeling/modelingActions.ts), made from the table_model
 * screen so that the server checks its buttons (btnView, btnPublish, btnRollback, btnPurge,
 * btnExport, btnImport, btnNewLookup).
 */
import { request as defaultRequest, type RequestFn, type ScreenIds } from '../core/request';
import { draftBody, type DraftDocument } from './entityDraft';
import type { Targets } from './referenceTargets';

const BASE = '/api/baseServer/v1/tableModelRestful';

export interface StoredDocument {
  kind: 'entity' | 'page' | 'lifecycle';
  name: string;
  version: number;
  enabled?: string | boolean;
}

export interface DocumentVersion {
  versionId?: number;
  docKind?: string;
  docName?: string;
  versionNo: number;
  changeType: string;
  comment?: string;
  diffSummary?: string;
  createdBy?: number;
  createdByName?: string;
  creationDate?: string;
}

export interface DiffEntry {
  path: string;
  op: 'add' | 'remove' | 'change';
  before?: unknown;
  after?: unknown;
}

export interface MigrationPlan {
  documents: { key?: string; kind?: string; name?: string; diff?: DiffEntry[] }[];
  migration: string[];
}

export interface FieldReference {
  kind: string;
  document: string;
  pointer: string;
  message: string;
}

/** One document of an import preview (metadata/src/modeling/bundle.ts ImportPlanItem). */
export interface ImportPlanItem {
  kind: string;
  name: string;
  status: 'new' | 'unchanged' | 'update' | 'conflict';
  bundleVersion: number;
  targetVersion?: number;
  diff: DiffEntry[];
  message: string;
}

export interface ImportPreview {
  importable: boolean;
  documents: ImportPlanItem[];
  migration: string[];
}

export type DocRef = { kind: string; name: string };

/** A value set the designer creates (tableModelRestful/createLookupType): code, names, values in order. */
export interface NewLookupType {
  lookupType: string;
  meaning: string;
  meaningEn?: string;
  values: { lookupCode: string; meaning: string; meaningEn?: string }[];
}

/** A responsibility, role or menu by code with its names (tableModelRestful/listNames). */
export interface NamedCode {
  code: string;
  name: string;
  nameEn: string | null;
}

export interface NameLists {
  responsibilities: NamedCode[];
  roles: NamedCode[];
  menus: NamedCode[];
}

export function createTableModelApi(screen: ScreenIds, request: RequestFn = defaultRequest) {
  const call = async <T>(action: string, body: object): Promise<T> =>
    (await request<T>(`${BASE}/${action}`, body, { screen })).data;
  return {
    listDocuments: () => call<StoredDocument[]>('listDocuments', {}),
    listTargets: () => call<Targets>('listTargets', {}),
    listNames: () => call<NameLists>('listNames', {}),
    getDocument: (kind: string, name: string) =>
      call<StoredDocument & { content: Record<string, unknown> }>('getDocument', { kind, name }),
    validateDraft: (docs: DraftDocument[]) => call<{ valid: boolean }>('validateDraft', draftBody(docs)),
    previewMigration: (docs: DraftDocument[]) => call<MigrationPlan>('previewMigration', draftBody(docs)),
    publish: (docs: DraftDocument[], comment?: string) =>
      call<{ versions: { kind: string; name: string; versionNo: number }[]; migrated: string[] }>(
        'publish',
        draftBody(docs, comment),
      ),
    listVersions: (ref?: DocRef) => call<DocumentVersion[]>('listVersions', ref ?? {}),
    getVersion: (ref: DocRef, versionNo: number) =>
      call<{ content: Record<string, unknown> }>('getVersion', { ...ref, versionNo }),
    diffVersions: (ref: DocRef, from: number, to?: number) =>
      call<{ from: number; to: number; diff: DiffEntry[] }>('diffVersions', { ...ref, from, to }),
    rollback: (ref: DocRef, versionNo: number, baseVersion: number) =>
      call<unknown>('rollback', { ...ref, versionNo, baseVersion }),
    findReferences: (entity: string, field: string) => call<FieldReference[]>('findReferences', { entity, field }),
    retireField: (entity: string, field: string, baseVersion: number) =>
      call<{ references: FieldReference[] }>('retireField', { entity, field, baseVersion }),
    purgeField: (entity: string, field: string, baseVersion: number, confirm: string) =>
      call<{ dropped: string; rowsWithValue: number }>('purgeField', { entity, field, baseVersion, confirm }),
    exportBundle: (documents: DocRef[]) => call<unknown>('exportBundle', { documents }),
    previewImport: (bundle: unknown) => call<ImportPreview>('previewImport', { bundle }),
    createLookupType: (type: NewLookupType) =>
      call<{ lookupTypeId: number; lookupType: string; meaning: string; meaningEn?: string }>('createLookupType', type),
    importBundle: (bundle: unknown, comment?: string) =>
      call<{ versions: unknown[]; migrated: string[] }>('importBundle', { bundle, comment }),
  };
}

export type TableModelApi = ReturnType<typeof createTableModelApi>;
