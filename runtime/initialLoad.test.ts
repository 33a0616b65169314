import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INITIAL_JS_BUDGET,
  initialFiles,
  initialLoadReport,
  measureInitialLoad,
  withStaticImports,
  type BuiltChunk,
} from './initialLoad';
import viteConfig from './vite.config';

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

/** The runtime's production build in memory (write: false: no files, no compressed copies). */
async function buildRuntime(): Promise<{ html: string; chunks: Map<string, BuiltChunk> }> {
  const nodeEnv = process.env.NODE_ENV;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      ...viteConfig,
      configFile: false,
      logLevel: 'warn',
      build: { ...viteConfig.build, write: false, reportCompressedSize: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const items = outputs.flatMap((output) => output.output);
    const html = items.find((item) => item.type === 'asset' && item.fileName === 'index.html');
    const chunks = items.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    return { html: String((html as Rolldown.OutputAsset).source), chunks: new Map(chunks.map((c) => [c.fileName, c])) };
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

describe('the runtime build', () => {
  let built: Awaited<ReturnType<typeof buildRuntime>>;
  beforeAll(async () => {
    built = await buildRuntime();
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
