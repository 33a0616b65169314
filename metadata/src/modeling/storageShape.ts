import type { FieldDef } from '../generated/meta-model';
import { DEFAULT_STRING_LENGTH, decimalShape, TEXT_DEFAULT_LENGTH } from '../recordSchema';

/**
 * How a field is stored, at the level that decides whether existing values survive a change:
 * the column's base type and its size. Mirrors the server's column mapping (entitySchemaFactory)
 * without naming an engine, so the metadata core can classify a change before any DB is asked.
 */
export interface StorageShape {
  base: 'varchar' | 'text' | 'mediumtext' | 'longtext' | 'int' | 'bigint' | 'decimal' | 'date' | 'datetime';
  length?: number;
  precision?: number;
  scale?: number;
}

export function storageShape(field: FieldDef): StorageShape {
  const decimal = decimalShape(field);
  if (decimal) return { base: 'decimal', ...decimal };
  switch (field.type) {
    case 'string':
      return { base: 'varchar', length: field.length ?? DEFAULT_STRING_LENGTH };
    case 'lookup':
      return { base: 'varchar', length: field.length ?? 60 };
    case 'flag':
      return { base: 'varchar', length: 1 };
    case 'attachment':
      return { base: 'varchar', length: field.length ?? 2000 };
    case 'text':
      return { base: (field.length ?? 0) > TEXT_DEFAULT_LENGTH ? 'mediumtext' : 'text' };
    case 'integer':
      return { base: 'int' };
    case 'reference':
      return { base: 'bigint' };
    case 'date':
      return { base: 'date' };
    case 'datetime':
      return { base: 'datetime' };
    default:
      return { base: 'longtext' };
  }
}

export function describeShape(s: StorageShape): string {
  if (s.base === 'decimal') return `decimal(${s.precision},${s.scale})`;
  return s.length ? `${s.base}(${s.length})` : s.base;
}

/**
 * Why changing a stored column from `before` to `after` is refused, or undefined when the column
 * stays as it is (a change of semantics only, e.g. string(60) → lookup(60)). Only identical
 * storage passes: even widening is an explicit migration (docs/decisions.md), because on MariaDB
 * an ALTER that rewrites a column is exactly the kind of change that loses data when it goes wrong.
 */
export function storageChangeRefusal(before: StorageShape, after: StorageShape): string | undefined {
  const from = describeShape(before);
  const to = describeShape(after);
  if (from === to) return undefined;
  if (before.base !== after.base)
    return `its type would change from ${from} to ${to}, which can lose or corrupt stored values`;
  if (before.base === 'varchar' && (after.length ?? 0) < (before.length ?? 0)) {
    return `its length would shrink from ${before.length} to ${after.length}, which cuts longer stored values`;
  }
  if (
    before.base === 'decimal' &&
    ((after.scale ?? 0) < (before.scale ?? 0) ||
      (after.precision ?? 0) - (after.scale ?? 0) < (before.precision ?? 0) - (before.scale ?? 0))
  ) {
    return `its size would shrink from ${from} to ${to}, which rounds or cuts stored values`;
  }
  return `its storage would change from ${from} to ${to}; growing a stored column is an explicit migration, not a publish`;
}
