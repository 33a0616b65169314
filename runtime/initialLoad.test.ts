import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_REPORT, type ChunkRecord } from './chunkReport';
import {
  INITIAL_JS_BUDGET,
  initialFiles,
  initialLoadReport,
  measureInitialLoad,
  withStaticImports,
  type BuiltChunk,
} from './initialLoad';

const chunk = (fileName: string, imports: string[] = [], size = 10): BuiltChunk => ({
  fileName,
  code: 'x'.repeat(size),
  imports,
});

describe('initialFiles', () => {
  const html = [
    '<script type="module" crossorigin src="./assets/index-a.js"></script>',
    '<link rel="modulepreload" crossorigin href="./assets/react-b.js">',
    '<link rel="stylesheet" href="./assets/style-c.css">',
    '<script src="./legacy.js"></script>',
  ].join('\n');
  const chunks = new Map(
    [
      chunk('assets/index-a.js', ['assets/shared-d.js']),
      chunk('assets/react-b.js'),
      chunk('assets/shared-d.js', ['assets/react-b.js']),
      chunk('assets/lazy-e.js'),
    ].map((c) => [c.fileName, c]),
  );

  it('takes module scripts, modulepreload links and their static imports, and leaves chunks imported on demand', () => {
    expect(initialFiles(html, chunks).sort()).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/shared-d.js']);
  });

  it('refuses a page that names a file the build did not produce', () => {
    expect(() => initialFiles('<script type="module" src="/assets/gone.js"></script>', chunks)).toThrow(
      /assets\/gone\.js.*did not produce/,
    );
  });

  it('sums gzipped sizes and reports the largest file first', () => {
    const load = measureInitialLoad(
      html,
      new Map([
        ...chunks,
        ['assets/react-b.js', { ...chunk('assets/react-b.js'), code: Math.random().toString(36).repeat(400) }],
      ]),
    );
    expect(load.total).toBe(load.files.reduce((sum, file) => sum + file.gzipped, 0));
    expect(load.files[0].fileName).toBe('assets/react-b.js');
    expect(initialLoadReport(load, 1000, 2)).toMatch(
      /budget 1\.0 KB\)[\s\S]*assets\/react-b\.js[\s\S]*and 1 smaller files/,
    );
  });
});

/**
 * The runtime's production build as `npm run build:runtime` wrote it (runtime/dist and the chunk
 * report of chunkReport.ts), built first unless it is fresh (scripts/build-if-stale.cjs): the
 * run builds the bundle once, and this check reads that build.
 */
function builtRuntime(): { html: string; chunks: Map<string, BuiltChunk> } {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.cjs'), 'runtime'], {
    cwd: root,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`the runtime build failed:\n${build.stdout}\n${build.stderr}`);
  const dist = fileURLToPath(new URL('./dist', import.meta.url));
  const records = JSON.parse(fs.readFileSync(CHUNK_REPORT, 'utf8')) as ChunkRecord[];
  const chunks = records.map((record): BuiltChunk => ({
    ...record,
    code: fs.readFileSync(path.join(dist, record.fileName), 'utf8'),
    moduleIds: record.moduleIds.map((id) => path.join(root, id)),
  }));
  return {
    html: fs.readFileSync(path.join(dist, 'index.html'), 'utf8'),
    chunks: new Map(chunks.map((c) => [c.fileName, c])),
  };
}

describe('the runtime build', () => {
  let built: ReturnType<typeof builtRuntime>;
  beforeAll(() => {
    built = builtRuntime();
  }, 180_000);

  it('keeps the login page within the budget of 350 KB gzipped JavaScript', () => {
    const load = measureInitialLoad(built.html, built.chunks);
    const report = initialLoadReport(load);
    console.log(report);
    expect(load.total, report).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('loads the table_model designer on demand, not with the page chunk every screen loads', () => {
    const pageChunk = [...built.chunks.values()].find((c) =>
      c.moduleIds?.some((id) => id.endsWith('/src/pages/PageResolver.tsx')),
    );
    const loaded = withStaticImports([(pageChunk as BuiltChunk).fileName], built.chunks);
    const modules = loaded.flatMap((fileName) => built.chunks.get(fileName)?.moduleIds ?? []);
    expect(modules.some((id) => id.endsWith('/src/pages/EditPage.tsx'))).toBe(true);
    expect(modules.filter((id) => id.includes('/src/modeling/') && !id.endsWith('/src/modeling/index.ts'))).toEqual([]);
  });
});
