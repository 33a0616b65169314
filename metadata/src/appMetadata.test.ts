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

  it("a header's setLines may set its lines' own state, only to a state of their lifecycle", () => {
    // purApproval.json: a form sent or cancelled moves its lines (purApprovalLine's ackStatus).
    const docs = loadDocumentFiles();
    const form = docs.find((d) => d.source.endsWith('/purchasing/lifecycles/purApproval.json'))!.doc as {
      transitions: Array<{ action: string; effects: Array<Record<string, { set?: Record<string, unknown> }>> }>;
    };
    const cancel = form.transitions.find((t) => t.action === 'doCancel')!;
    cancel.effects.find((e) => 'setLines' in e)!.setLines.set = { ackStatus: 'GONE' };
    let problems: string[] = [];
    try {
      MetadataRegistry.load(docs);
    } catch (e) {
      problems = (e as MetadataError).problems.map(formatProblem);
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"ackStatus" of srmPurApprovalLine is set to a state of its lifecycle, not "GONE"');
  });
});
