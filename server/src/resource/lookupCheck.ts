import type { EntityModel, MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';
import { Errors, type FieldErrorOut } from '../http/apiError';
import type { PreparedRecord } from './recordPreparation';

type Wanted = { type: string; code: string; field: string };

function collect(
  registry: MetadataRegistry,
  entity: EntityModel,
  record: PreparedRecord,
  prefix: string,
  out: Wanted[],
): void {
  for (const field of entity.fields) {
    const code = record.values[field.name];
    if (field.lookupType && typeof code === 'string' && code !== '')
      out.push({ type: field.lookupType, code, field: prefix + field.name });
  }
  for (const child of entity.children) {
    const model = registry.entity(child.entity)!;
    record.children[child.name]?.forEach((row, i) =>
      collect(registry, model, row, `${prefix}${child.name}[${i}].`, out),
    );
  }
}

/** Every lookup code in a record must be an enabled value of its lookup type (one query per save). */
export async function checkLookupCodes(
  registry: MetadataRegistry,
  tx: SqlExecutor,
  entity: EntityModel,
  record: PreparedRecord,
  prefix = '',
): Promise<void> {
  const wanted: Wanted[] = [];
  collect(registry, entity, record, prefix, wanted);
  if (!wanted.length) return;
  const types = [...new Set(wanted.map((w) => w.type))];
  const q = tx.dialect.quote;
  const rows = await tx.select(
    `SELECT ${q('lookup_type')} AS t, ${q('lookup_code')} AS c FROM ${q('base_lookup_values')} WHERE ${q('enabled_flag')} = 'Y' AND ${q('lookup_type')} IN (${types.map(() => '?').join(', ')})`,
    types,
  );
  const known = new Set(rows.map((r) => `${r.t}\u0000${r.c}`));
  const errors: FieldErrorOut[] = wanted
    .filter((w) => !known.has(`${w.type}\u0000${w.code}`))
    .map((w) => ({ field: w.field, message: `"${w.code}" is not a valid ${w.type} value / 不是有效的值` }));
  if (errors.length) throw Errors.validation(errors);
}
