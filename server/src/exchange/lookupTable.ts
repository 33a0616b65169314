import type { Language } from '@meridian/metadata';
import type { SqlExecutor } from '../db/sqlExecutor';

type Reader = Pick<SqlExecutor, 'select' | 'dialect'>;

interface LookupValue {
  code: string;
  meaningCn: string;
  meaningEn: string;
  enabled: boolean;
}

/**
 * The values of the lookup types an export or import needs, read once per file: an export shows
 * meanings instead of codes, an import accepts a meaning (either language) or the code itself.
 */
export class LookupTable {
  private constructor(private readonly values: Map<string, LookupValue[]>) {}

  static async load(db: Reader, types: Iterable<string>): Promise<LookupTable> {
    const wanted = [...new Set(types)];
    const values = new Map<string, LookupValue[]>(wanted.map((t) => [t, []]));
    if (wanted.length) {
      const q = db.dialect.quote;
      const rows = await db.select(
        `SELECT ${q('lookup_type')} AS t, ${q('lookup_code')} AS c, ${q('meaning')} AS cn, ${q('meaning_en')} AS en, ${q('enabled_flag')} AS f ` +
          `FROM ${q('base_lookup_values')} WHERE ${q('lookup_type')} IN (${wanted.map(() => '?').join(', ')}) ORDER BY ${q('seq_num')}, ${q('lookup_values_id')}`,
        wanted,
      );
      for (const r of rows) {
        values.get(String(r.t))!.push({
          code: String(r.c),
          meaningCn: String(r.cn ?? ''),
          meaningEn: String(r.en ?? ''),
          enabled: r.f === 'Y',
        });
      }
    }
    return new LookupTable(values);
  }

  /** The meaning of a code in `language` (English falls back to Chinese); unknown codes stay as they are. */
  meaning(type: string, code: unknown, language: Language): unknown {
    if (code === null || code === undefined || code === '') return code;
    const value = this.values.get(type)?.find((v) => v.code === String(code));
    if (!value) return code;
    return language === 'EN' ? value.meaningEn || value.meaningCn : value.meaningCn;
  }

  /** What a drop-down in an import template offers: the enabled values' meanings. */
  choices(type: string, language: Language): string[] {
    return (this.values.get(type) ?? [])
      .filter((v) => v.enabled)
      .map((v) => String(this.meaning(type, v.code, language)));
  }

  /** An imported cell → the enabled code it names (by code, or by meaning in either language). */
  codeOf(type: string, text: string): string | undefined {
    const enabled = (this.values.get(type) ?? []).filter((v) => v.enabled);
    const wanted = text.trim();
    const found =
      enabled.find((v) => v.code === wanted) ??
      enabled.find((v) => v.meaningCn === wanted || v.meaningEn === wanted) ??
      enabled.find(
        (v) => v.code.toLowerCase() === wanted.toLowerCase() || v.meaningEn.toLowerCase() === wanted.toLowerCase(),
      );
    return found?.code;
  }
}
