import { createHash } from 'node:crypto';
import {
  decimalShape,
  DEFAULT_STRING_LENGTH,
  TEXT_DEFAULT_LENGTH,
  type EntityModel,
  type ResolvedField,
} from '@meridian/metadata';
import { EntitySchema, type EntitySchemaColumnOptions, type EntitySchemaIndexOptions } from 'typeorm';
import type { DbKind } from '../config';

const UTF8MB4 = { charset: 'utf8mb4', collation: 'utf8mb4_unicode_ci' } as const;

function idType(kind: DbKind): 'integer' | 'bigint' {
  // SQLite only auto-increments an INTEGER PRIMARY KEY; MySQL ids are BIGINT.
  return kind === 'sqlite' ? 'integer' : 'bigint';
}

function textColumn(kind: DbKind, options: EntitySchemaColumnOptions): EntitySchemaColumnOptions {
  return kind === 'mysql' ? { ...options, ...UTF8MB4 } : options;
}

/**
 * Storage layer of a field (docs/architecture.md "Fields") as a TypeORM column; the same on both engines but
 * for ids and text charset.
 */
export function columnFor(field: ResolvedField, kind: DbKind): EntitySchemaColumnOptions {
  const nullable = field.nullable ?? true;
  const base = { name: field.column, nullable };
  switch (field.system) {
    case 'primaryKey':
      return { name: field.column, type: idType(kind), primary: true, generated: 'increment' };
    case 'version':
      return { name: field.column, type: 'int', nullable: false, default: 1 };
    default:
      break;
  }
  if (field.name === 'createdBy' || field.name === 'lastUpdatedBy') return { ...base, type: 'bigint' };
  const decimal = decimalShape(field);
  if (decimal) return { ...base, type: 'decimal', precision: decimal.precision, scale: decimal.scale };
  switch (field.type) {
    case 'string':
      return textColumn(kind, { ...base, type: 'varchar', length: field.length ?? DEFAULT_STRING_LENGTH });
    case 'text':
      return textColumn(kind, {
        ...base,
        type: kind === 'mysql' && (field.length ?? 0) > TEXT_DEFAULT_LENGTH ? 'mediumtext' : 'text',
      });
    case 'json':
      return textColumn(kind, { ...base, type: kind === 'mysql' ? 'longtext' : 'text' });
    case 'integer':
      return { ...base, type: 'int' };
    case 'reference':
      return { ...base, type: idType(kind) === 'bigint' ? 'bigint' : 'integer' };
    case 'date':
      return { ...base, type: 'date' };
    case 'datetime':
      return { ...base, type: 'datetime' };
    case 'flag':
      return textColumn(kind, { ...base, type: 'varchar', length: 1 });
    case 'lookup':
      return textColumn(kind, { ...base, type: 'varchar', length: field.length ?? 60 });
    case 'attachment':
      return textColumn(kind, { ...base, type: 'varchar', length: field.length ?? 2000 });
    default:
      return textColumn(kind, { ...base, type: 'text' });
  }
}

/** Index names are deterministic so that a restart finds the index it created before. */
export function indexName(table: string, columns: string[], unique: boolean): string {
  const readable = `${unique ? 'ux' : 'ix'}_${table}_${columns.join('_')}`;
  if (readable.length <= 60) return readable;
  return `${readable.slice(0, 49)}_${createHash('sha1').update(readable).digest('hex').slice(0, 10)}`;
}

function indicesFor(entity: EntityModel): EntitySchemaIndexOptions[] {
  const column = (name: string) => entity.field(name)!.column;
  const fromFields = entity.fields
    .filter((f) => !f.system && (f.index || f.unique))
    .map((f) => ({ fields: [f.name], unique: !!f.unique }));
  const all = [...fromFields, ...(entity.def.indexes ?? []).map((ix) => ({ fields: ix.fields, unique: !!ix.unique }))];
  return all.map((ix) => ({
    name: indexName(entity.table, ix.fields.map(column), ix.unique),
    columns: ix.fields,
    unique: ix.unique,
  }));
}

/** Builds the TypeORM EntitySchema of an entity at runtime from its metadata. */
export function entitySchemaFor(entity: EntityModel, kind: DbKind): EntitySchema {
  const columns: Record<string, EntitySchemaColumnOptions> = {};
  for (const field of entity.fields) columns[field.name] = columnFor(field, kind);
  return new EntitySchema({ name: entity.name, tableName: entity.table, columns, indices: indicesFor(entity) });
}
