/**
 * The rows of the designer's 文档 tab: the documents administrators made (stored, opened into the
 * draft) and the entities shipped with the application (read-only here: docs/decisions.md 17,
 * "File documents are read-only in table_model"), which an administrator reads to reference or
 * extend them. One row per document, the stored ones first; a search matches name or label.
 */
import type { TargetEntity, Targets } from './referenceTargets';
import type { StoredDocument } from './tableModelApi';

export interface DocumentRow {
  key: string;
  kind: StoredDocument['kind'];
  name: string;
  label?: { cn: string; en: string };
  /** Stored documents have versions; shipped ones are the application's files. */
  version?: number;
  source: 'stored' | 'shipped';
  /** A shipped entity's fields, for its read-only view. */
  entity?: TargetEntity;
}

export function documentRows(stored: StoredDocument[], targets: Targets): DocumentRow[] {
  const labels = new Map(targets.entities.map((e) => [e.name, e.label]));
  const storedRows = stored.map((d): DocumentRow => ({
    key: `${d.kind}:${d.name}`,
    kind: d.kind,
    name: d.name,
    label: d.kind === 'entity' ? labels.get(d.name) : undefined,
    version: d.version,
    source: 'stored',
  }));
  const storedEntities = new Set(stored.filter((d) => d.kind === 'entity').map((d) => d.name));
  const shipped = targets.entities
    .filter((e) => !storedEntities.has(e.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e): DocumentRow => ({
      key: `entity:${e.name}`,
      kind: 'entity',
      name: e.name,
      label: e.label,
      source: 'shipped',
      entity: e,
    }));
  return [...storedRows, ...shipped];
}

/** Rows whose name or either label contains the text (case-insensitive); all when it is blank. */
export function searchDocuments(rows: DocumentRow[], text: string): DocumentRow[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return rows;
  return rows.filter((row) =>
    [row.name, row.label?.cn, row.label?.en].some((value) => value?.toLowerCase().includes(wanted)),
  );
}
