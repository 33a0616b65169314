import { describe, expect, it } from 'vitest';
import { loadDocumentFiles } from './loader';

const HAN = /[\u3400-\u9fff]/;

/** Every {cn, en} label of a document, with its JSON pointer. */
function labels(value: unknown, pointer: string, out: { pointer: string; cn: unknown; en: unknown }[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => labels(v, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 2 && keys.includes('cn') && keys.includes('en'))
      out.push({ pointer, ...(value as { cn: unknown; en: unknown }) });
    else for (const [k, v] of Object.entries(value)) labels(v, `${pointer}/${k}`, out);
  }
}

describe('translation completeness of the application metadata', () => {
  const found: { document: string; pointer: string; cn: unknown; en: unknown }[] = [];
  for (const { source, doc } of loadDocumentFiles()) {
    const list: { pointer: string; cn: unknown; en: unknown }[] = [];
    labels(doc, '', list);
    found.push(...list.map((l) => ({ document: source, ...l })));
  }

  it('finds the labels (the walk itself works)', () => {
    expect(found.length).toBeGreaterThan(500);
  });

  it('has every label in Chinese and in English, and no English label left in Chinese', () => {
    const missing = found.filter(
      (l) => typeof l.cn !== 'string' || !l.cn.trim() || typeof l.en !== 'string' || !l.en.trim() || HAN.test(l.en),
    );
    expect(
      missing.map((l) => `${l.document} at ${l.pointer}: cn=${JSON.stringify(l.cn)} en=${JSON.stringify(l.en)}`),
    ).toEqual([]);
  });
});
