import {
  columnOf,
  documentKey,
  findFieldReferences,
  referencedPages,
  type EntityDef,
  type FieldDef,
  type FieldReference,
} from '@meridian/metadata/node';
import { Errors } from '../http/apiError';
import type { Kernel } from '../kernel';
import type { SqlExecutor } from '../db/sqlExecutor';
import { formatDateTime } from '../util/time';
import { publish } from './publisher';
import { storedDocument } from './metaStore';

/** The entity's stored document and one of its declared fields, or a 404 naming what is missing. */
async function storedField(
  kernel: Kernel,
  entity: string,
  field: string,
): Promise<{ def: EntityDef; index: number; version: number }> {
  const stored = await storedDocument(kernel.db, 'entity', entity);
  if (!stored?.enabled) {
    const inFiles = kernel.registry.entity(entity);
    if (inFiles)
      throw Errors.badRequest('文件中定义的实体不能在此修改', `${entity} is defined in files (read-only here)`);
    throw Errors.notFound('实体不存在', `No entity "${entity}"`);
  }
  const def = stored.content as unknown as EntityDef;
  const index = def.fields.findIndex((f) => f.name === field);
  if (index < 0) throw Errors.notFound('字段不存在', `${entity} has no field "${field}"`);
  return { def, index, version: stored.version };
}

/** Menus are data too: admin-made menu rows that open a page using the field. */
async function dataMenuReferences(kernel: Kernel, pages: string[], known: Set<string>): Promise<FieldReference[]> {
  if (!pages.length) return [];
  const q = kernel.db.dialect.quote;
  const rows = await kernel.db.select(
    `SELECT ${q('menu_code')} AS ${q('code')}, ${q('html_url')} AS ${q('url')} FROM ${q('base_menu')} WHERE ${q('html_url')} IS NOT NULL`,
  );
  return rows
    .map((r) => ({ code: String(r.code), path: String(r.url).split('?')[0] }))
    .filter((m) => pages.includes(m.path) && !known.has(`menu:${m.code}`))
    .map((m) => ({
      kind: 'menu' as const,
      document: `menu:${m.code}`,
      pointer: '/',
      message: `menu opens page "${m.path}"`,
    }));
}

/** Which pages, filters, permissions, lifecycles and menus use `entity.field` (before retiring or purging it). */
export async function fieldReferences(kernel: Kernel, entity: string, field: string): Promise<FieldReference[]> {
  const model = kernel.registry.entity(entity);
  if (!model) throw Errors.notFound('实体不存在', `No entity "${entity}"`);
  if (!model.def.fields.some((f) => f.name === field))
    throw Errors.notFound('字段不存在', `${entity} has no field "${field}"`);
  const found = findFieldReferences(kernel.registry, entity, field);
  const known = new Set(found.map((r) => r.document));
  return [...found, ...(await dataMenuReferences(kernel, referencedPages(found), known))];
}

/** Retires a field: a publish of the entity with `retired: true` (hidden, column and data kept). */
export async function retireField(
  kernel: Kernel,
  entity: string,
  field: string,
  baseVersion: number,
  userId: number | null,
) {
  const { def, index } = await storedField(kernel, entity, field);
  if (def.fields[index].retired) throw Errors.conflict('字段已停用', `${entity}.${field} is already retired`);
  const fields = def.fields.map((f, i) => (i === index ? { ...f, retired: true } : f));
  const references = await fieldReferences(kernel, entity, field);
  const result = await publish(
    kernel,
    [
      {
        kind: 'entity',
        name: entity,
        key: documentKey('entity', entity),
        content: { ...def, fields } as never,
        baseVersion,
      },
    ],
    'RETIRE',
    userId,
    `retire ${entity}.${field}`,
  );
  return { versions: result.versions, references };
}

async function countValues(kernel: Kernel, table: string, column: string): Promise<number> {
  const q = kernel.db.dialect.quote;
  const rows = await kernel.db.select(`SELECT COUNT(*) AS ${q('n')} FROM ${q(table)} WHERE ${q(column)} IS NOT NULL`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Purges a retired field: the confirmation must repeat "entity.field"; the audit row (who, when,
 * how many rows had a value) is written with the metadata change, then the column is dropped.
 * Metadata first: a column without metadata is harmless, metadata without its column is not.
 */
export async function purgeField(
  kernel: Kernel,
  entity: string,
  field: string,
  baseVersion: number,
  confirm: string,
  userId: number | null,
) {
  const { def, index } = await storedField(kernel, entity, field);
  const target: FieldDef = def.fields[index];
  if (confirm !== `${entity}.${field}`) {
    throw Errors.badRequest('请输入 实体.字段 以确认清除', `To purge, confirm with "${entity}.${field}"`, [
      { field: 'confirm', message: `must be "${entity}.${field}"` },
    ]);
  }
  if (!target.retired)
    throw Errors.badRequest('只能清除已停用的字段', `${entity}.${field} must be retired before it can be purged`);
  const column = columnOf(target);
  const rowsWithValue = await countValues(kernel, def.table, column);
  const content = { ...def, fields: def.fields.filter((_, i) => i !== index) };
  const key = documentKey('entity', entity);
  const { plan } = await publishWithAudit(kernel, {
    key,
    entity,
    field,
    content,
    baseVersion,
    userId,
    table: def.table,
    column,
    rowsWithValue,
  });
  await dropColumn(kernel, def.table, column);
  return { dropped: `${def.table}.${column}`, rowsWithValue, diff: plan.documents[0].diff };
}

/** Drops the column and first the indexes on it (SQLite refuses to drop an indexed column). */
async function dropColumn(kernel: Kernel, table: string, column: string): Promise<void> {
  const runner = kernel.db.dataSource.createQueryRunner();
  try {
    const existing = await runner.getTable(table);
    for (const index of existing?.indices.filter((i) => i.columnNames.includes(column)) ?? [])
      await runner.dropIndex(table, index);
  } finally {
    await runner.release();
  }
  const q = kernel.db.dialect.quote;
  await kernel.db.dataSource.query(`ALTER TABLE ${q(table)} DROP COLUMN ${q(column)}`);
}

interface PurgeRecord {
  key: string;
  entity: string;
  field: string;
  content: Record<string, unknown>;
  baseVersion: number;
  userId: number | null;
  table: string;
  column: string;
  rowsWithValue: number;
}

/**
 * The classifier refuses leaving a retired field out; a purge is the one way to, checked here
 * (confirmation, retired) and published as a PURGE with its audit row in the same transaction.
 */
function publishWithAudit(kernel: Kernel, p: PurgeRecord) {
  const writeAudit = async (tx: SqlExecutor, versions: { versionNo: number }[]) => {
    const q = tx.dialect.quote;
    const now = formatDateTime();
    const columns = [
      'audit_action',
      'doc_kind',
      'doc_name',
      'field_name',
      'table_name',
      'column_name',
      'rows_with_value',
      'detail',
      'created_by',
      'creation_date',
      'last_updated_by',
      'last_update_date',
      'version_num',
    ];
    await tx.execute(
      `INSERT INTO ${q('base_meta_audit')} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      [
        'PURGE_FIELD',
        'entity',
        p.entity,
        p.field,
        p.table,
        p.column,
        p.rowsWithValue,
        `entity version ${versions[0].versionNo}; column dropped with ${p.rowsWithValue} non-empty value(s)`,
        p.userId,
        now,
        p.userId,
        now,
        1,
      ],
    );
  };
  return publish(
    kernel,
    [{ kind: 'entity', name: p.entity, key: p.key, content: p.content, baseVersion: p.baseVersion }],
    'PURGE',
    p.userId,
    `purge ${p.entity}.${p.field}`,
    { purgedField: p.field, inTransaction: writeAudit },
  );
}
