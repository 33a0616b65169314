import { MetadataRegistry, type SourcedDocument } from '@meridian/metadata/node';
import { DataSource, type EntityMetadata } from 'typeorm';
import type { DbKind, ServerConfig } from '../config';
import { createDataSource } from '../db/dataSource';
import { dialectFor } from '../db/dialect';
import { loadDbValueSets } from './dbValueSets';
import { entitySchemaFor } from './entitySchemaFactory';

/** The source name of a stored document, as problems and registry.source() report it. */
export const dbDocumentSource = (id: number | string) => `db:base_meta_document/${id}`;

/**
 * DB-stored documents (admins' table_model screens) in base_meta_document, then the value sets
 * administrators created (dbValueSets.ts) that `fileDocuments` do not declare. The tables are
 * themselves defined by file metadata, so they exist after the first migration; before that there are none.
 */
export async function loadDbDocuments(
  dataSource: DataSource,
  kind: DbKind,
  fileDocuments: SourcedDocument[],
): Promise<SourcedDocument[]> {
  return [...(await loadMetaDocuments(dataSource, kind)), ...(await loadDbValueSets(dataSource, kind, fileDocuments))];
}

async function loadMetaDocuments(dataSource: DataSource, kind: DbKind): Promise<SourcedDocument[]> {
  const q = dialectFor(kind).quote;
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable('base_meta_document'))) return [];
  } finally {
    await runner.release();
  }
  const rows = await dataSource.query(
    `SELECT ${q('document_id')} AS id, ${q('content')} AS content FROM ${q('base_meta_document')} WHERE ${q('enabled_flag')} = 'Y' ORDER BY ${q('document_id')}`,
  );
  return (rows as { id: number; content: string }[]).map((r) => {
    try {
      return { source: dbDocumentSource(r.id), doc: JSON.parse(r.content) as unknown };
    } catch (e) {
      return { source: dbDocumentSource(r.id), doc: { kind: '(not valid JSON)', error: (e as Error).message } };
    }
  });
}

/**
 * TypeORM's view of some entities of a registry, built without opening a connection: what the
 * schema migrator compares with the live tables when a publish adds tables or columns.
 */
export async function entityMetadatasFor(
  config: ServerConfig,
  registry: MetadataRegistry,
  names: string[],
): Promise<EntityMetadata[]> {
  const entities = names.map((n) => registry.entity(n)).filter((e) => !!e);
  if (!entities.length) return [];
  const offline = createDataSource(
    config,
    entities.map((e) => entitySchemaFor(e, config.dbKind)),
  );
  // buildMetadatas is protected in TypeORM's typings but needs no connection; initialize() would open one.
  await (offline as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  return offline.entityMetadatas;
}
