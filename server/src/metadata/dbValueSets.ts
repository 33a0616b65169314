import type { LookupTypeDef, LookupValueDef } from '@meridian/metadata';
import { documentKind, type SourcedDocument } from '@meridian/metadata/node';
import type { DataSource } from 'typeorm';
import type { DbKind } from '../config';
import { dialectFor } from '../db/dialect';

/** The source name of the value sets administrators created (lookuptype screen, the designer). */
export const DB_VALUE_SETS_SOURCE = 'db:base_lookup_types';

// The lookup.schema.json patterns: a row that does not match stays out of the registry rather than stopping start-up.
const TYPE_CODE = /^[A-Z][A-Z0-9_]*$/;
const VALUE_CODE = /^[A-Za-z0-9_.-]+$/;

/** The lookup types the metadata files declare: their rows are seeds, not administrators' value sets. */
function declaredTypes(fileDocuments: SourcedDocument[]): Set<string> {
  const declared = new Set<string>();
  for (const { doc } of fileDocuments)
    if (documentKind(doc) === 'lookupSet')
      for (const type of (doc as { lookups: LookupTypeDef[] }).lookups) declared.add(type.lookupType);
  return declared;
}

interface ValueRow {
  lookupType: string;
  typeCn: string;
  typeEn: string | null;
  lookupCode: string | null;
  meaning: string | null;
  meaningEn: string | null;
  seqNum: number | null;
  enabledFlag: string | null;
}

function valueOf(row: ValueRow): LookupValueDef | undefined {
  if (!row.lookupCode || !VALUE_CODE.test(row.lookupCode) || !row.meaning) return undefined;
  return {
    lookupCode: row.lookupCode,
    meaning: { cn: row.meaning, en: row.meaningEn || row.meaning },
    ...(row.seqNum !== null ? { seqNum: Number(row.seqNum) } : {}),
    enabledFlag: row.enabledFlag === 'N' ? 'N' : 'Y',
  };
}

/**
 * The value sets administrators created in the database, as one lookupSet document, so that the
 * load checks (an entity field's lookupType must exist) accept a field that uses one — at
 * start-up, when table_model validates a draft and when it reloads after a publish. Types the
 * files declare are left out (the files stay their definition); a type without values as well
 * (lookup.schema.json wants at least one).
 */
export async function loadDbValueSets(
  dataSource: DataSource,
  kind: DbKind,
  fileDocuments: SourcedDocument[],
): Promise<SourcedDocument[]> {
  const q = dialectFor(kind).quote;
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable('base_lookup_values'))) return [];
  } finally {
    await runner.release();
  }
  const rows = (await dataSource.query(
    `SELECT t.${q('lookup_type')} AS lookupType, t.${q('meaning')} AS typeCn, t.${q('meaning_en')} AS typeEn, ` +
      `v.${q('lookup_code')} AS lookupCode, v.${q('meaning')} AS meaning, v.${q('meaning_en')} AS meaningEn, ` +
      `v.${q('seq_num')} AS seqNum, v.${q('enabled_flag')} AS enabledFlag ` +
      `FROM ${q('base_lookup_types')} t JOIN ${q('base_lookup_values')} v ON v.${q('lookup_type')} = t.${q('lookup_type')} ` +
      `ORDER BY t.${q('lookup_type')}, v.${q('seq_num')}, v.${q('lookup_values_id')}`,
  )) as ValueRow[];
  const declared = declaredTypes(fileDocuments);
  const types = new Map<string, { meaning: LookupTypeDef['meaning']; values: LookupValueDef[] }>();
  for (const row of rows) {
    if (declared.has(row.lookupType) || !TYPE_CODE.test(row.lookupType) || !row.typeCn) continue;
    const value = valueOf(row);
    if (!value) continue;
    const type = types.get(row.lookupType) ?? { meaning: { cn: row.typeCn, en: row.typeEn || row.typeCn }, values: [] };
    type.values.push(value);
    types.set(row.lookupType, type);
  }
  if (!types.size) return [];
  const lookups = [...types].map(([lookupType, { meaning, values }]) => ({ lookupType, meaning, values }));
  return [{ source: DB_VALUE_SETS_SOURCE, doc: { kind: 'lookupSet', lookups } }];
}
