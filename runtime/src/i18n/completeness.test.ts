import { describe, expect, it } from 'vitest';
import { modelingCn, modelingEn } from '../modeling/texts';
import { cn as shellCn } from './cn';
import { en as shellEn } from './en';

// The designer's strings load with its chunk (modeling/texts) but are the same tables.
const cn = { ...shellCn, modeling: modelingCn };
const en = { ...shellEn, modeling: modelingEn };

const HAN = /[\u3400-\u9fff]/;
/** Strings that are Chinese on purpose in the English UI: the toggle offers the other language by its own name. */
const CHINESE_IN_ENGLISH = new Set(['app.languageToggle']);

function leaves(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  else out.set(path, value);
  return out;
}

describe('UI strings in both languages', () => {
  const cnLeaves = leaves(cn, '', new Map());
  const enLeaves = leaves(en, '', new Map());

  it('has the same keys in CN and EN', () => {
    expect([...enLeaves.keys()].sort()).toEqual([...cnLeaves.keys()].sort());
    expect(cnLeaves.size).toBeGreaterThan(50);
  });

  it('has no empty string, and no English string left in Chinese', () => {
    const problems: string[] = [];
    for (const [key, value] of cnLeaves)
      if (typeof value !== 'string' || !value.trim()) problems.push(`CN ${key} is empty`);
    for (const [key, value] of enLeaves) {
      if (typeof value !== 'string' || !value.trim()) problems.push(`EN ${key} is empty`);
      else if (HAN.test(value) && !CHINESE_IN_ENGLISH.has(key)) problems.push(`EN ${key} is Chinese: ${value}`);
    }
    expect(problems).toEqual([]);
  });
});
