import type { Language } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import { MetaSql } from '../access/metaSql';
import { personNameSql } from '../access/personName';
import type { Database, Row, SqlExecutor } from '../db/sqlExecutor';
import type { ResourceWriter } from '../resource/resourceWriter';

const ENTITY = 'baseFile';

/**
 * One attachment as stored in base_file (docs/architecture.md "Spec: records and grid config", plus what the
 * checks need).
 */
export interface FileRecord {
  id: number;
  fileId: string;
  originalFileName: string;
  extension: string;
  contentType: string;
  size: number;
  sha256: string;
  path: string | null;
  functionId: string | null;
  businessId: number | null;
  fileDesc: string | null;
  uploadedBy: number | null;
  uploadedByName: string | null;
  creationDate: string;
}

export type NewFile = Omit<FileRecord, 'id' | 'uploadedByName' | 'creationDate'>;

const FIELDS = [
  'fileId',
  'originalFileName',
  'extension',
  'contentType',
  'size',
  'sha256',
  'path',
  'functionId',
  'businessId',
  'fileDesc',
  'uploadedBy',
] as const;

function toRecord(row: Row): FileRecord {
  return {
    ...(row as unknown as FileRecord),
    id: Number(row.id),
    size: Number(row.size),
    businessId: row.businessId === null || row.businessId === undefined ? null : Number(row.businessId),
    uploadedBy: row.uploadedBy === null || row.uploadedBy === undefined ? null : Number(row.uploadedBy),
  };
}

/** base_file through hand-written SQL whose names come from the entity metadata (MetaSql). */
export class FileRecords {
  private readonly sql: MetaSql;

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: Database,
    private readonly writer: ResourceWriter,
  ) {
    this.sql = new MetaSql(registry, db.dialect);
  }

  private select(where: string, language: Language): string {
    const { t, c } = this.sql;
    const u = (f: string) => this.sql.c('baseUsers', f, 'u');
    const columns = FIELDS.map((f) => `${c(ENTITY, f, 'f')} AS ${this.db.dialect.quote(f)}`);
    return (
      `SELECT ${c(ENTITY, 'attachmentId', 'f')} AS ${this.db.dialect.quote('id')}, ${columns.join(', ')}, ` +
      `${personNameSql(this.sql, 'u', language)} AS ${this.db.dialect.quote('uploadedByName')}, f.${this.db.dialect.quote('creation_date')} AS ${this.db.dialect.quote('creationDate')} ` +
      `FROM ${t(ENTITY)} f LEFT JOIN ${t('baseUsers')} u ON ${u('userId')} = ${c(ENTITY, 'uploadedBy', 'f')} WHERE ${where}`
    );
  }

  async insert(tx: SqlExecutor, file: NewFile, userId: number): Promise<number> {
    const values = Object.fromEntries(FIELDS.map((f) => [f, file[f]]));
    return this.writer.insert(tx, this.registry.entity(ENTITY)!, values, { userId, language: 'CN', vars: {} });
  }

  /** Records by attachment id or storage key, in the order asked; unknown references are skipped. */
  async find(
    refs: (number | string)[],
    executor: SqlExecutor | Database = this.db,
    language: Language = 'CN',
  ): Promise<FileRecord[]> {
    const ids = refs.filter((r): r is number => typeof r === 'number');
    const keys = refs.filter((r): r is string => typeof r === 'string');
    if (!ids.length && !keys.length) return [];
    const { c } = this.sql;
    const parts = [
      ...(ids.length ? [`${c(ENTITY, 'attachmentId', 'f')} IN (${ids.map(() => '?').join(', ')})`] : []),
      ...(keys.length ? [`${c(ENTITY, 'fileId', 'f')} IN (${keys.map(() => '?').join(', ')})`] : []),
    ];
    const rows = (await executor.select(this.select(parts.join(' OR '), language), [...ids, ...keys])).map(toRecord);
    const byRef = new Map<number | string, FileRecord>();
    for (const row of rows) byRef.set(row.id, row).set(row.fileId, row);
    const found = refs.map((r) => byRef.get(r)).filter((r): r is FileRecord => !!r);
    return [...new Map(found.map((r) => [r.id, r])).values()];
  }

  async delete(tx: SqlExecutor, ids: number[]): Promise<void> {
    const { t, c } = this.sql;
    await tx.execute(
      `DELETE FROM ${t(ENTITY)} WHERE ${c(ENTITY, 'attachmentId')} IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
  }
}
