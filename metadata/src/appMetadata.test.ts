import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_DIRS, loadDocumentFiles } from './loader';
import { formatProblem, MetadataError } from './problems';
import { validateRecord } from './recordValidation';
import { MetadataRegistry } from './registry';

/** Loads the real application metadata; on failure the assertion shows every problem, one a line. */
function loadReal(): MetadataRegistry {
  try {
    return MetadataRegistry.load(loadDocumentFiles());
  } catch (e) {
    if (e instanceof MetadataError)
      expect.fail(`the application metadata is invalid:\n${e.problems.map(formatProblem).join('\n')}`);
    throw e;
  }
}

describe('the application metadata (metadata/apps)', () => {
  it.each(APP_DIRS.map((dir) => [path.basename(dir), dir]))(
    'app directory %s exists and holds JSON documents',
    (_name, dir) => {
      expect(fs.existsSync(dir)).toBe(true);
      const docs = loadDocumentFiles([dir]);
      expect(docs.length).toBeGreaterThan(0);
      for (const d of docs) expect(d.source.startsWith(`metadata/apps/${path.basename(dir)}/`), d.source).toBe(true);
    },
  );

  it('loads without a problem: schemas and every cross-reference', () => {
    const registry = loadReal();
    expect(registry.entities().length).toBeGreaterThan(0);
  });

  it('every entity and page is reachable by its own name, and every menu page exists', () => {
    const registry = loadReal();
    for (const e of registry.entities()) expect(registry.entityForResource(`${e.name}Restful`)).toBe(e);
    for (const p of registry.pages()) expect(registry.page(p.path)).toBe(p);
    const pageMenus = registry.menus().flatMap(function walk(m): string[] {
      return [
        ...(m.menuType === 'PAGE' && m.htmlUrl ? [m.htmlUrl.split('?')[0]] : []),
        ...(m.children ?? []).flatMap(walk),
      ];
    });
    for (const url of pageMenus) expect(registry.page(url), url).toBeDefined();
  });

  it('every record schema compiles and accepts an empty update', () => {
    const registry = loadReal();
    for (const entity of registry.entities()) {
      expect(
        validateRecord(entity, (n) => registry.entity(n), {}, { creating: false, language: 'EN' }),
        entity.name,
      ).toEqual([]);
    }
  });
});
