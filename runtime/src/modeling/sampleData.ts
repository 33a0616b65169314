/**
 * Sample rows for the page preview: a few made-up records of a draft entity (with lines), so
 * that the admin sees the layout filled before anything is published. Never sent anywhere.
 */
import type { DataRecord, EntityDef, FieldDef } from '../meta';

const pad = (n: number) => String(n).padStart(2, '0');

export function sampleValue(field: FieldDef, row: number): unknown {
  switch (field.type) {
    case 'string':
      return `${field.label.cn}${row}`;
    case 'text':
      return `${field.label.cn} — ${field.label.en} ${row}`;
    case 'integer':
      return row;
    case 'decimal':
    case 'quantity':
      return row * 10.5;
    case 'money':
      return row * 1234.56;
    case 'date':
      return `2026-11-${pad(row)}`;
    case 'datetime':
      return `2026-11-${pad(row)} 09:30:00`;
    case 'flag':
      return row % 2 ? 'Y' : 'N';
    default:
      return null; // lookups and references: their values live on the server
  }
}

/** `count` rows of `entity`; `lines` gives each child's entity for header/line previews. */
export function sampleRows(entity: EntityDef, count: number, lines: Record<string, EntityDef> = {}): DataRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const row: DataRecord = { [entity.primaryKey]: i + 1 };
    for (const field of entity.fields)
      if (!field.retired && field.name !== entity.primaryKey) row[field.name] = sampleValue(field, i + 1);
    for (const child of entity.children ?? []) {
      const lineEntity = lines[child.entity];
      row[child.name] = lineEntity
        ? sampleRows(lineEntity, 2).map((line) => ({ ...line, [child.foreignKey]: i + 1 }))
        : [];
    }
    return row;
  });
}
