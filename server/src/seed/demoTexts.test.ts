/**
 * The demo data speaks one language per text (issue 33, item 7): a seeded title, reason or remark
 * is not a Chinese text and its English translation joined by " / " in one string (the entities
 * seeded have no English twin for these fields, and Chinese is the default language). The mail
 * kept in the outbox is a bilingual letter on purpose; the planning warnings are written as the
 * server writes them (srm/purchasing/planning: one text in both languages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_SEED_DIR, DEMO_SEED_DIR } from './seeder';

const CJK = /[\u4e00-\u9fff]/;
/** "中文 / English": Chinese before the last " / ", Latin words and no Chinese after it. */
function isTwoLanguages(text: string): boolean {
  const at = text.search(/\s?\/\s[^/]*$/);
  if (at < 0) return false;
  const [before, after] = [text.slice(0, at), text.slice(at)];
  return CJK.test(before) && !CJK.test(after) && /[A-Za-z]{2,}/.test(after);
}

function textsOf(value: unknown, where: string, found: string[]): void {
  if (typeof value === 'string' && isTwoLanguages(value)) found.push(`${where}: ${value}`);
  else if (Array.isArray(value)) value.forEach((v, i) => textsOf(v, `${where}[${i}]`, found));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) textsOf(v, `${where}.${key}`, found);
}

describe('seeded texts', () => {
  it('tell "中文 / English" pairs apart from Chinese or English texts', () => {
    expect(isTwoLanguages('2026年度质量保证协议 / 2026 quality assurance agreement')).toBe(true);
    expect(isTwoLanguages('上海有色网 SMM 1#电解铜月均价（演示）/ SMM copper monthly average (demo)')).toBe(true);
    expect(isTwoLanguages('准时交货行数 / 应交货行数 × 100')).toBe(false);
    expect(isTwoLanguages('2026年度质量保证协议')).toBe(false);
    expect(isTwoLanguages('Steady delivery / on time')).toBe(false);
  });

  it('are each in one language', () => {
    const found: string[] = [];
    for (const dir of [BASE_SEED_DIR, DEMO_SEED_DIR])
      for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const seed = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { entity?: string };
        if (seed.entity === 'baseMailOutbox' || seed.entity === 'srmBaseWarning') continue;
        textsOf(seed, file, found);
      }
    expect(found).toEqual([]);
  });
});
