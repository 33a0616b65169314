import { referenceLabelField, type EntityModel, type ResolvedField } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';

/**
 * An imported reference cell may hold the id or the label the grid shows (an export's own
 * column): a label is looked up in the target's label field (either language) or its display field
 * (a person by name or login) and must name
 * exactly one record. Answers are cached per import: a file names the same few records often.
 */
export class ReferenceResolver {
  private readonly cache = new Map<string, number | undefined>();

  constructor(
    private readonly registry: MetadataRegistry,
    private readonly db: SqlExecutor,
  ) {}

  async idOf(field: ResolvedField, label: string): Promise<number | undefined> {
    const key = `${field.name}\u0000${label}`;
    if (!this.cache.has(key)) this.cache.set(key, await this.lookUp(field, label));
    return this.cache.get(key);
  }

  private async lookUp(field: ResolvedField, label: string): Promise<number | undefined> {
    const target = field.reference ? this.registry.entity(field.reference.entity) : undefined;
    if (!target || !field.reference) return undefined;
    const columns = this.labelColumns(target, field);
    if (!columns.length) return undefined;
    const q = this.db.dialect.quote;
    const value = target.field(field.reference.valueField ?? target.primaryKey)!.column;
    const where = columns.map((c) => `${q(c)} = ?`).join(' OR ');
    const rows = await this.db.select(
      `SELECT ${q(value)} AS id FROM ${q(target.table)} WHERE ${where} LIMIT 2`,
      columns.map(() => label),
    );
    return rows.length === 1 ? Number(rows[0].id) : undefined;
  }

  private labelColumns(target: EntityModel, field: ResolvedField): string[] {
    // The names a label may be in, and the display field a label falls back to (a user by its login
    // as by its name: resource/selectBuilder), when that is text too.
    const display = target.def.displayField;
    const names = new Set([
      referenceLabelField(field.reference!, target.def, 'CN'),
      referenceLabelField(field.reference!, target.def, 'EN'),
      display && target.field(display)?.type === 'string' ? display : undefined,
    ]);
    return [...names].flatMap((name) => {
      const labelField = name ? target.field(name) : undefined;
      return labelField && !labelField.secret ? [labelField.column] : [];
    });
  }
}
