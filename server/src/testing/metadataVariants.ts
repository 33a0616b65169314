import { loadDocumentFiles, type SourcedDocument } from '@meridian/metadata/node';
import type { TableColumn } from 'typeorm';
import { createKernel, type StartupReport } from '../bootstrap';
import { SRM_MODULES } from '../srm';
import type { Kernel } from '../kernel';
import { testConfig } from './testServer';

/**
 * Modified copies of the file metadata, for starting a kernel whose metadata changed since the
 * database was last migrated (schema migration, retired and secret fields).
 */
export type EntityDoc = { name: string; fields: Record<string, unknown>[]; [key: string]: unknown };

export function documentsWith(
  edit: (entity: (name: string) => EntityDoc) => void,
  extra: unknown[] = [],
): SourcedDocument[] {
  const documents = loadDocumentFiles().map((d) => ({ source: d.source, doc: structuredClone(d.doc) }));
  edit((name) => {
    const found = documents.find(
      (d) => (d.doc as { kind?: string; name?: string }).kind === 'entity' && (d.doc as EntityDoc).name === name,
    );
    if (!found) throw new Error(`no entity document ${name}`);
    return found.doc as EntityDoc;
  });
  return [...documents, ...extra.map((doc, i) => ({ source: `test:extra/${i}`, doc }))];
}

/**
 * The file metadata with lifecycle `name`'s transitions given other effects (action → effects): a
 * test server of its own for effects the shipped lifecycles do not declare. Never change the
 * registry of a running test server instead: test servers of one process share it.
 */
export function documentsWithEffects(name: string, effects: Record<string, unknown[]>): SourcedDocument[] {
  const documents = loadDocumentFiles().map((d) => ({ source: d.source, doc: structuredClone(d.doc) }));
  const lifecycle = documents.find(
    (d) =>
      (d.doc as { kind?: string; name?: string }).kind === 'lifecycle' && (d.doc as { name: string }).name === name,
  )?.doc as { transitions: { action: string; effects?: unknown[] }[] } | undefined;
  if (!lifecycle) throw new Error(`no lifecycle document ${name}`);
  for (const [action, list] of Object.entries(effects)) {
    const transition = lifecycle.transitions.find((t) => t.action === action);
    if (!transition) throw new Error(`no transition ${name}.${action}`);
    transition.effects = list;
  }
  return documents;
}

export function fieldOf(entity: EntityDoc, name: string): Record<string, unknown> {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${entity.name}.${name}`);
  return field;
}

/** Starts a second kernel (no HTTP) on an existing database, runs fn, always closes it. */
export async function withKernel<T>(
  dbUrl: string,
  documents: SourcedDocument[] | undefined,
  fn: (kernel: Kernel, report: StartupReport) => Promise<T>,
): Promise<T> {
  const { kernel, report } = await createKernel(testConfig(dbUrl), { documents, modules: SRM_MODULES });
  try {
    return await fn(kernel, report);
  } finally {
    await kernel.db.close();
  }
}

/** A column as the database itself describes it. */
export async function describeColumn(kernel: Kernel, table: string, column: string): Promise<TableColumn | undefined> {
  const runner = kernel.db.dataSource.createQueryRunner();
  try {
    return (await runner.getTable(table))?.findColumnByName(column);
  } finally {
    await runner.release();
  }
}
