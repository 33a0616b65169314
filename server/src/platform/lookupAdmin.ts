/**
 * The rules of the value-set administration screens (lookuptype, lookupTypeEdit, lookup) and of
 * the designer's "new lookup type" (docs/admin-guide.md "Lookups"). A value set is either
 * declared in the metadata files (`metadata/apps/<app>/lookups`: seeded, and the load checks,
 * lifecycles and handlers rely on its codes) or created by an administrator (a database row only).
 *
 * - Every value set: its code is fixed once created (fields and values name it); a value's
 *   lookupType follows its type (the client never sends it).
 * - Declared value sets: their declared values keep their code, stay enabled and cannot be
 *   removed, and the type cannot be deleted; labels, order, description and colour are the
 *   administrator's (seeding never overwrites them), and values may be added.
 * - A value set that published metadata uses (a field, a grid column, a lifecycle) cannot be deleted.
 */
import type { LookupTypeDef } from '@meridian/metadata';
import type { MetadataRegistry } from '@meridian/metadata/node';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { RecordHookRegistry, RecordValues, SaveDraft } from '../hooks/recordHooks';
import { Errors } from '../http/apiError';
import { DB_VALUE_SETS_SOURCE } from '../metadata/dbValueSets';
import { lookupTypeUsers } from './lookupUsers';

const TYPE = 'baseLookupType';
const VALUE = 'baseLookupValues';

interface StoredValue {
  id: number;
  lookupTypeId: number | null;
  lookupType: string;
  lookupCode: string;
}

/** The type as the metadata files declare it; undefined for an administrator's value set. */
function declaredType(registry: MetadataRegistry, code: string | undefined): LookupTypeDef | undefined {
  const def = code === undefined ? undefined : registry.lookupType(code);
  return def && registry.source(def) !== DB_VALUE_SETS_SOURCE ? def : undefined;
}

const isDeclaredValue = (def: LookupTypeDef | undefined, code: string) =>
  !!def?.values.some((v) => v.lookupCode === code);

async function typeCode(tx: SqlExecutor, id: unknown): Promise<string | undefined> {
  const q = tx.dialect.quote;
  const rows = await tx.select(
    `SELECT ${q('lookup_type')} AS code FROM ${q('base_lookup_types')} WHERE ${q('lookup_type_id')} = ?`,
    [Number(id)],
  );
  return rows[0] ? String(rows[0].code) : undefined;
}

async function storedValues(tx: SqlExecutor, column: string, key: number): Promise<StoredValue[]> {
  const q = tx.dialect.quote;
  const rows = await tx.select(
    `SELECT ${q('lookup_values_id')} AS id, ${q('lookup_type_id')} AS lookupTypeId, ${q('lookup_type')} AS lookupType, ` +
      `${q('lookup_code')} AS lookupCode FROM ${q('base_lookup_values')} WHERE ${q(column)} = ?`,
    [key],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    lookupTypeId: r.lookupTypeId === null ? null : Number(r.lookupTypeId),
    lookupType: String(r.lookupType),
    lookupCode: String(r.lookupCode),
  }));
}

const fieldError = (cn: string, en: string, field: string) => Errors.badRequest(cn, en, [{ field, message: en }]);

/** A declared value as saved again: same code, still enabled. `at` names it as the body does ("values[2]." or ""). */
function checkDeclaredValue(line: RecordValues, stored: StoredValue, at: string): void {
  if (line.lookupCode !== undefined && line.lookupCode !== stored.lookupCode)
    throw fieldError(
      `值 ${stored.lookupCode} 在元数据中定义，编码不能修改`,
      `${stored.lookupCode} is declared in the metadata files: its code cannot change`,
      `${at}lookupCode`,
    );
  if (line.enabledFlag === 'N')
    throw fieldError(
      `值 ${stored.lookupCode} 在元数据中定义，不能停用`,
      `${stored.lookupCode} is declared in the metadata files: it cannot be disabled`,
      `${at}enabledFlag`,
    );
}

async function beforeTypeSave(registry: MetadataRegistry, draft: SaveDraft): Promise<void> {
  const { values, children, childIds, id, tx } = draft;
  const stored = id === undefined ? undefined : await typeCode(tx, id);
  if (stored !== undefined && values.lookupType !== undefined && values.lookupType !== stored)
    throw fieldError('值集类型编码创建后不能修改', 'A lookup type code cannot change once created', 'lookupType');
  const code = stored ?? String(values.lookupType);
  const lines = children.values;
  if (!lines) return;
  for (const line of lines) line.lookupType = code;
  const def = declaredType(registry, code);
  if (!def || id === undefined) return;
  const kept = new Map((childIds?.values ?? []).map((lineId, i) => [lineId, i]));
  for (const value of await storedValues(tx, 'lookup_type_id', id)) {
    if (!isDeclaredValue(def, value.lookupCode)) continue;
    const i = kept.get(value.id);
    if (i === undefined)
      throw Errors.conflict(
        `值 ${value.lookupCode} 在元数据中定义，不能删除`,
        `${value.lookupCode} is declared in the metadata files and cannot be removed`,
      );
    checkDeclaredValue(lines[i], value, `values[${i}].`);
  }
}

async function beforeValueSave(registry: MetadataRegistry, draft: SaveDraft): Promise<void> {
  const { values, id, tx } = draft;
  const stored = id === undefined ? undefined : (await storedValues(tx, 'lookup_values_id', id))[0];
  const typeId = values.lookupTypeId ?? stored?.lookupTypeId;
  const code = typeId === undefined || typeId === null ? undefined : await typeCode(tx, typeId);
  if (code === undefined) throw fieldError('请选择值集类型', 'Choose the lookup type', 'lookupTypeId');
  values.lookupType = code;
  if (!stored || !isDeclaredValue(declaredType(registry, stored.lookupType), stored.lookupCode)) return;
  if (code !== stored.lookupType)
    throw fieldError(
      `值 ${stored.lookupCode} 在元数据中定义，不能移到其他值集`,
      `${stored.lookupCode} is declared in the metadata files: it stays in ${stored.lookupType}`,
      'lookupTypeId',
    );
  checkDeclaredValue(values, stored, '');
}

export function registerLookupAdminHooks(hooks: RecordHookRegistry, registry: MetadataRegistry): void {
  hooks.registerBeforeSave(TYPE, (draft) => beforeTypeSave(registry, draft));
  hooks.registerBeforeSave(VALUE, (draft) => beforeValueSave(registry, draft));
  hooks.registerBeforeDelete(TYPE, ({ current }) => {
    const code = String(current.lookupType);
    if (declaredType(registry, code))
      throw Errors.conflict(
        `值集类型 ${code} 在元数据中定义，不能删除`,
        `The lookup type ${code} is declared in the metadata files and cannot be deleted`,
      );
    const users = lookupTypeUsers(registry, code);
    if (users.length)
      throw Errors.conflict(
        `值集类型 ${code} 仍被使用：${users.join('，')}`,
        `The lookup type ${code} is still used by ${users.join(', ')}`,
      );
  });
  hooks.registerBeforeDelete(VALUE, ({ current }) => {
    const code = String(current.lookupCode);
    if (isDeclaredValue(declaredType(registry, String(current.lookupType)), code))
      throw Errors.conflict(
        `值 ${code} 在元数据中定义，不能删除`,
        `${code} is declared in the metadata files and cannot be removed`,
      );
  });
}
