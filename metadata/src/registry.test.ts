import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SourcedDocument } from './documents';
import { documentKind } from './documents';
import { loadDocumentFiles } from './loader';
import { formatProblem, MetadataError, type MetadataProblem } from './problems';
import { MetadataRegistry } from './registry';

/** The mini application under __fixtures__/miniApp, freshly read (so each test may mutate its copy). */
function miniApp() {
  const docs = loadDocumentFiles([path.join(__dirname, '__fixtures__', 'miniApp')]);

  const doc = (file: string): any => docs.find((d) => d.source === src(file))!.doc;
  return { docs, doc };
}
const src = (file: string) => `metadata/src/__fixtures__/miniApp/${file}.json`;

function problemsOf(docs: SourcedDocument[]): MetadataProblem[] {
  let error: unknown;
  try {
    MetadataRegistry.load(docs);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MetadataError);
  const problems = (error as MetadataError).problems;
  for (const p of problems) expect((error as Error).message).toContain(`${p.document} at ${p.pointer}: ${p.message}`);
  return problems;
}

describe('MetadataRegistry.load: a valid application', () => {
  const { docs } = miniApp();
  const registry = MetadataRegistry.load(docs);

  it('reads every document from the directory tree, sorted, with paths relative to the repository root', () => {
    expect(docs.map((d) => d.source)).toEqual(
      [
        'entities/demoOrderHeader',
        'entities/demoOrderLine',
        'entities/demoSupplier',
        'lifecycles/demoOrder',
        'lookups/lookups',
        'menus/menus',
        'pages/demoHome',
        'pages/demoOrderEdit',
        'pages/demoOrderList',
      ].map(src),
    );
  });

  it('indexes entities, pages, lifecycles, lookups and menus', () => {
    expect(
      registry
        .entities()
        .map((e) => e.name)
        .sort(),
    ).toEqual(['demoOrderHeader', 'demoOrderLine', 'demoSupplier']);
    expect(
      registry
        .pages()
        .map((p) => p.path)
        .sort(),
    ).toEqual(['demoHome', 'demoOrderList', 'demoOrderManage/demoOrderEdit']);
    expect(registry.lifecycle('demoOrder')?.initial).toBe('DRAFT');
    expect(registry.lookupTypes().map((l) => l.lookupType)).toEqual(['DEMO_ORDER_STATUS', 'DEMO_UOM']);
    expect(registry.lookupType('DEMO_UOM')?.values).toHaveLength(2);
    expect(registry.menus().map((m) => m.menuCode)).toEqual(['DEMO']);
    expect(registry.entity('nope')).toBeUndefined();
    expect(registry.page('nope')).toBeUndefined();
  });

  it('remembers where each document came from', () => {
    expect(registry.source(registry.page('demoHome')!)).toBe(src('pages/demoHome'));
    expect(registry.source(registry.entity('demoSupplier')!)).toBe(src('entities/demoSupplier'));
    expect(registry.source(registry.menus()[0])).toBe(src('menus/menus'));
    expect(registry.source({})).toBe('(unknown)');
    expect(registry.entity('demoSupplier')!.source).toBe('file');
  });

  it('resolves API resource names and the entities a page touches', () => {
    expect(registry.entityForResource('demoOrderHeaderRestful')?.name).toBe('demoOrderHeader');
    expect(registry.entityForResource('demoOrderHeader')).toBeUndefined();
    expect(registry.entityForResource('demoNothingRestful')).toBeUndefined();
    const list = registry.page('demoOrderList')!;
    expect(registry.pageEntities(list).map((e) => e.name)).toEqual([
      'demoOrderHeader',
      'demoSupplier',
      'demoOrderLine',
    ]);
    expect(registry.pageEntities(registry.page('demoHome')!)).toEqual([]);
  });

  it('does not depend on document order, and marks db documents as such', () => {
    const { docs: again } = miniApp();
    const reversed = again
      .reverse()
      .map((d) => (d.source === src('entities/demoSupplier') ? { ...d, source: 'db:meta_document/3' } : d));
    const other = MetadataRegistry.load(reversed);
    expect(other.entity('demoSupplier')!.source).toBe('db');
    expect(other.source(other.entity('demoSupplier')!)).toBe('db:meta_document/3');
  });
});

describe('MetadataRegistry.load: documents that cannot be used', () => {
  it('a second definition of an entity, a page or a lookup type names both documents', () => {
    const { docs, doc } = miniApp();
    docs.push({ source: 'db:meta_document/7', doc: structuredClone(doc('entities/demoSupplier')) });
    docs.push({ source: 'db:meta_document/8', doc: { ...doc('pages/demoHome') } });
    docs.push({
      source: 'db:meta_document/9',
      doc: { kind: 'lookupSet', lookups: [doc('lookups/lookups').lookups[1]] },
    });
    expect(problemsOf(docs)).toEqual([
      {
        document: 'db:meta_document/7',
        pointer: '/',
        message: `entity "demoSupplier" is defined twice (also in ${src('entities/demoSupplier')})`,
      },
      {
        document: 'db:meta_document/8',
        pointer: '/',
        message: `page "demoHome" is defined twice (also in ${src('pages/demoHome')})`,
      },
      {
        document: 'db:meta_document/9',
        pointer: '/',
        message: `lookup type "DEMO_UOM" is defined twice (also in ${src('lookups/lookups')})`,
      },
    ]);
  });

  it('a document failing its JSON schema: unknown property and wrong enum, with the pointer', () => {
    const { docs, doc } = miniApp();
    doc('entities/demoOrderLine').fields[2].colour = 'red';
    doc('entities/demoOrderLine').area = 'srmSrv';
    doc('pages/demoHome').type = 'dashboard';
    const problems = problemsOf(docs);
    expect(problems.filter((p) => p.document === src('entities/demoOrderLine'))).toEqual([
      {
        document: src('entities/demoOrderLine'),
        pointer: '/area',
        message: expect.stringMatching(/^must be one of baseServer, srmServer, fileServer, /),
      },
      { document: src('entities/demoOrderLine'), pointer: '/fields/2', message: 'unknown property "colour"' },
    ]);
    expect(problems).toContainEqual({
      document: src('pages/demoHome'),
      pointer: '/type',
      message: 'must be one of list, edit, detail, custom',
    });
    // a document that fails its schema is left out, so what refers to it is reported too
    expect(problems).toContainEqual({
      document: src('menus/menus'),
      pointer: '/menus/0/children/0',
      message: 'menu "DEMO_HOME" opens page "demoHome", which does not exist',
    });
  });

  it('a document of no known kind', () => {
    const docs = [
      { source: 'a.json', doc: { kind: 'widget', name: 'x' } },
      { source: 'b.json', doc: { name: 'no kind' } },
      { source: 'c.json', doc: null },
      { source: 'd.json', doc: ['entity'] },
      { source: 'e.json', doc: { kind: 'constructor' } },
    ];
    const expected =
      'unknown document kind; expected one of entity, page, lifecycle, lookupSet, menuSet, scheduleSet, messageSet, chartSet';
    expect(problemsOf(docs)).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({ document: `${n}.json`, pointer: '/kind', message: expected })),
    );
    expect(documentKind({ kind: 'toString' })).toBeUndefined();
    expect(documentKind({ kind: 'menuSet' })).toBe('menuSet');
  });

  describe('a file that is not JSON', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-meta-'));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('is reported by its path with the parse error', () => {
      const app = path.join(root, 'apps', 'broken');
      fs.mkdirSync(path.join(app, 'pages'), { recursive: true });
      fs.writeFileSync(path.join(app, 'pages', 'bad.json'), '{ "kind": "page", ');
      fs.writeFileSync(path.join(app, 'pages', 'notes.txt'), 'not metadata');
      const docs = loadDocumentFiles([app]);
      expect(docs).toHaveLength(1);
      expect(docs[0].source.endsWith(path.join('apps', 'broken', 'pages', 'bad.json'))).toBe(true);
      expect(problemsOf(docs)).toEqual([
        { document: docs[0].source, pointer: '/', message: expect.stringMatching(/^not valid JSON: .+/) },
      ]);
    });

    it('a missing application directory yields no documents', () => {
      expect(loadDocumentFiles([path.join(root, 'apps', 'none')])).toEqual([]);
    });
  });
});

describe('MetadataError', () => {
  it('lists every problem in its message', () => {
    const problems = [
      { document: 'pages/a.json', pointer: '/entity', message: 'entity "x" does not exist' },
      { document: 'menus/m.json', pointer: '/menus/0', message: 'menu "M" opens page "p", which does not exist' },
    ];
    const error = new MetadataError(problems);
    expect(error.name).toBe('MetadataError');
    expect(error.message).toBe(
      'Metadata is invalid (2 problems):\n' +
        '  - pages/a.json at /entity: entity "x" does not exist\n' +
        '  - menus/m.json at /menus/0: menu "M" opens page "p", which does not exist',
    );
    expect(new MetadataError([problems[0]]).message).toMatch(/^Metadata is invalid \(1 problem\):/);
    expect(formatProblem(problems[0])).toBe('pages/a.json at /entity: entity "x" does not exist');
  });
});
