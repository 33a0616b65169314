import { contentHash, type ModeledKind } from '@meridian/metadata/node';
import type { Database, SqlExecutor } from '../db/sqlExecutor';

/**
 * SQL over the three tables behind table_model: base_meta_document (the current content of every
 * admin document), base_meta_version (every published content, who, when, what changed) and
 * base_meta_audit (purges). Plain statements with the dialect's quoting: these are platform
 * tables, read and written only here.
 */
export interface StoredDocument {
  documentId: number;
  kind: ModeledKind;
  name: string;
  content: Record<string, unknown>;
  enabled: boolean;
  /** Newest version number (0 for a document stored before versions were kept). */
  version: number;
}

export interface VersionRow {
  versionId: number;
  docKind: string;
  docName: string;
  versionNo: number;
  changeType: string;
  contentHash: string;
  diffSummary: string | null;
  comment: string | null;
  createdBy: number | null;
  creationDate: string;
}

type Executor = Pick<SqlExecutor, 'select' | 'dialect'>;

const parse = (text: unknown) => (typeof text === 'string' ? JSON.parse(text) : text) as Record<string, unknown>;

/** The revision every instance compares with its own: the newest version id (0 when none). */
export async function readRevision(db: Database): Promise<number> {
  const q = db.dialect.quote;
  const rows = await db.select(`SELECT MAX(${q('version_id')}) AS ${q('rev')} FROM ${q('base_meta_version')}`);
  return Number(rows[0]?.rev ?? 0);
}

export async function storedDocument(ex: Executor, kind: string, name: string): Promise<StoredDocument | undefined> {
  const q = ex.dialect.quote;
  const rows = await ex.select(
    `SELECT d.${q('document_id')} AS ${q('id')}, d.${q('content')} AS ${q('content')}, d.${q('enabled_flag')} AS ${q('enabled')},
       (SELECT MAX(v.${q('version_no')}) FROM ${q('base_meta_version')} v WHERE v.${q('doc_kind')} = d.${q('doc_kind')} AND v.${q('doc_name')} = d.${q('doc_name')}) AS ${q('version')}
     FROM ${q('base_meta_document')} d WHERE d.${q('doc_kind')} = ? AND d.${q('doc_name')} = ?`,
    [kind, name],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    documentId: Number(r.id),
    kind: kind as ModeledKind,
    name,
    content: parse(r.content),
    enabled: r.enabled === 'Y',
    version: Number(r.version ?? 0),
  };
}

export async function storedDocuments(ex: Executor): Promise<StoredDocument[]> {
  const q = ex.dialect.quote;
  const rows = await ex.select(
    `SELECT ${q('doc_kind')} AS ${q('kind')}, ${q('doc_name')} AS ${q('name')} FROM ${q('base_meta_document')} ORDER BY ${q('document_id')}`,
  );
  const docs = await Promise.all(rows.map((r) => storedDocument(ex, String(r.kind), String(r.name))));
  return docs.filter((d): d is StoredDocument => !!d);
}

export interface NewVersion {
  kind: ModeledKind;
  name: string;
  /** null: the document is removed (disabled; its table, if any, kept). */
  content: Record<string, unknown> | null;
  changeType: 'PUBLISH' | 'ROLLBACK' | 'IMPORT' | 'RETIRE' | 'PURGE';
  diffSummary: string;
  comment?: string;
}

/** Writes the document's current content and its next version, in the caller's transaction. */
export async function writeVersion(
  tx: SqlExecutor,
  v: NewVersion,
  userId: number | null,
  now: string,
): Promise<number> {
  const q = tx.dialect.quote;
  const existing = await storedDocument(tx, v.kind, v.name);
  const text = v.content ? JSON.stringify(v.content) : JSON.stringify(existing?.content ?? {});
  const enabled = v.content ? 'Y' : 'N';
  const audit = [userId, now, userId, now, 1];
  if (existing) {
    await tx.execute(
      `UPDATE ${q('base_meta_document')} SET ${q('content')} = ?, ${q('enabled_flag')} = ?, ${q('last_updated_by')} = ?, ${q('last_update_date')} = ?, ${q('version_num')} = ${q('version_num')} + 1 WHERE ${q('document_id')} = ?`,
      [text, enabled, userId, now, existing.documentId],
    );
  } else {
    await tx.execute(
      `INSERT INTO ${q('base_meta_document')} (${['doc_kind', 'doc_name', 'content', 'enabled_flag', 'created_by', 'creation_date', 'last_updated_by', 'last_update_date', 'version_num'].map(q).join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [v.kind, v.name, text, enabled, ...audit],
    );
  }
  const versionNo = (existing?.version ?? 0) + 1;
  const columns = [
    'doc_kind',
    'doc_name',
    'version_no',
    'change_type',
    'content_hash',
    'diff_summary',
    'comment',
    'content',
    'created_by',
    'creation_date',
    'last_updated_by',
    'last_update_date',
    'version_num',
  ];
  await tx.execute(
    `INSERT INTO ${q('base_meta_version')} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    [
      v.kind,
      v.name,
      versionNo,
      v.changeType,
      v.content ? contentHash(v.content) : '',
      v.diffSummary.slice(0, 16000),
      v.comment?.slice(0, 500) ?? null,
      v.content ? JSON.stringify(v.content) : null,
      ...audit,
    ],
  );
  return versionNo;
}

const VERSION_COLUMNS = [
  'version_id',
  'doc_kind',
  'doc_name',
  'version_no',
  'change_type',
  'content_hash',
  'diff_summary',
  'comment',
  'created_by',
  'creation_date',
];
const camel = (c: string) => c.replace(/_([a-z])/g, (_, x: string) => x.toUpperCase());

export async function listVersions(db: Database, kind?: string, name?: string, limit = 200): Promise<VersionRow[]> {
  const q = db.dialect.quote;
  const where = [kind && `${q('doc_kind')} = ?`, name && `${q('doc_name')} = ?`].filter(Boolean);
  const rows = await db.select(
    `SELECT ${VERSION_COLUMNS.map((c) => `${q(c)} AS ${q(camel(c))}`).join(', ')} FROM ${q('base_meta_version')}` +
      `${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${q('version_id')} DESC LIMIT ${Math.min(Math.max(1, limit), 500)}`,
    [kind, name].filter((x): x is string => !!x),
  );
  return rows.map(
    (r) =>
      ({
        ...r,
        versionId: Number(r.versionId),
        versionNo: Number(r.versionNo),
        createdBy: r.createdBy == null ? null : Number(r.createdBy),
      }) as VersionRow,
  );
}

/** The content of one version (null when that version removed the document). */
export async function versionContent(
  db: Database,
  kind: string,
  name: string,
  versionNo: number,
): Promise<{ content: Record<string, unknown> | null } | undefined> {
  const q = db.dialect.quote;
  const rows = await db.select(
    `SELECT ${q('content')} AS ${q('content')} FROM ${q('base_meta_version')} WHERE ${q('doc_kind')} = ? AND ${q('doc_name')} = ? AND ${q('version_no')} = ?`,
    [kind, name, versionNo],
  );
  if (!rows.length) return undefined;
  return { content: rows[0].content == null ? null : parse(rows[0].content) };
}

/** Hashes of every content a document has had here, oldest first: a bundle's history. */
export async function contentHistory(db: Database, kind: string, name: string): Promise<string[]> {
  const q = db.dialect.quote;
  const rows = await db.select(
    `SELECT ${q('content_hash')} AS ${q('h')} FROM ${q('base_meta_version')} WHERE ${q('doc_kind')} = ? AND ${q('doc_name')} = ? ORDER BY ${q('version_no')}`,
    [kind, name],
  );
  return rows.map((r) => String(r.h)).filter(Boolean);
}
