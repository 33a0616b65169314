import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { declaredCodes, declaredError, declaredText } from './declaredErrors';

/** The server's source files outside tests, with the codes they use (declaredError('set.key' …), declaredText('set.key' …)). */
function thrownCodes(): Map<string, string> {
  const root = path.join(__dirname, '..');
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/declared(?:Error|Text)\(\s*'([^']+)'/g))
          found.set(m[1], path.relative(root, full));
    }
  };
  walk(root);
  return found;
}

describe('declared errors', () => {
  it('answers with the declared status and both texts, placeholders filled', () => {
    const e = declaredError('qualify.noSuchNode', { nodeCode: 'SAMPLE' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.httpStatus).toBe(409);
    expect(e.text).toEqual({ cn: '资质审查没有节点 SAMPLE', en: 'The qualification has no node SAMPLE' });
  });

  it('refuses a code no messageSet declares and a placeholder the caller left out', () => {
    expect(() => declaredError('qualify.noSuchThing')).toThrow(
      'no messageSet declares the message "qualify.noSuchThing"',
    );
    expect(() => declaredError('qualify.noSuchNode')).toThrow('needs a value for {nodeCode}');
  });

  it('gives a text (no status) in both languages, and refuses to throw it', () => {
    const values = { itemCode: 'M-1', rawMaterialCode: 'CU', changePct: '7.50' };
    expect(declaredText('price.warningPushTitle', values)).toEqual({
      cn: '调价预警：M-1 CU 7.50%',
      en: 'Price warning: M-1 CU 7.50%',
    });
    expect(() => declaredError('price.warningPushTitle', values)).toThrow('is a text (no status), not a refusal');
  });

  it('every code thrown in the server is declared, with a literal code', () => {
    const declared = new Set(declaredCodes());
    const undeclared = [...thrownCodes()].filter(([code]) => !declared.has(code));
    expect(undeclared).toEqual([]);
  });

  it('every declared message is thrown somewhere (no dead texts)', () => {
    const thrown = thrownCodes();
    expect(declaredCodes().filter((code) => !thrown.has(code))).toEqual([]);
  });
});
