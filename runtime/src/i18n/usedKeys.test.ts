import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelingCn, modelingEn } from '../modeling/texts';
import { cn as shellCn } from './cn';
import { en as shellEn } from './en';

// The designer's strings load with its chunk (modeling/texts) but are the same tables.
const cn = { ...shellCn, modeling: modelingCn };
const en = { ...shellEn, modeling: modelingEn };

/**
 * The other half of the translation completeness report: every literal key the runtime passes to
 * t() / i18n.t() must exist in both languages. i18next would otherwise show the raw key
 * ("home.myTodo") to the user, and the CN/EN key comparison cannot see a key missing from both.
 */
const SRC = join(__dirname, '..');
const KEY_CALL = /\b(?:i18n\.)?t\(\s*(['"`])([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)\1/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function has(tree: unknown, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('translation keys used in the runtime', () => {
  it('finds literal keys to check', () => {
    const found = sourceFiles(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(KEY_CALL)]);
    expect(found.length).toBeGreaterThan(50);
  });

  it('exist in CN and EN', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_CALL)) {
        const key = match[2];
        if (!has(cn, key)) missing.push(`CN ${key} (${relative(SRC, file)})`);
        if (!has(en, key)) missing.push(`EN ${key} (${relative(SRC, file)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
