import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the build records its chunks, beside the build stamps of scripts/build-if-stale.cjs. */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const CHUNK_REPORT = path.join(REPO_ROOT, 'node_modules', '.cache', 'meridian-build', 'runtime-chunks.json');

/** A chunk as recorded: file name, static imports and the source modules in it (repository-relative). */
export interface ChunkRecord {
  fileName: string;
  imports: string[];
  moduleIds: string[];
}

/**
 * Records which source modules went into which chunk, so that the bundle checks
 * (initialLoad.test.ts) read the build that `npm run build:runtime` wrote instead of bundling
 * again. Written outside dist: the server serves dist to browsers.
 */
export function chunkReport(): Plugin {
  return {
    name: 'meridian-chunk-report',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks: ChunkRecord[] = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                imports: item.imports,
                moduleIds: item.moduleIds.map((id) => path.relative(REPO_ROOT, id).split(path.sep).join('/')),
              },
            ]
          : [],
      );
      fs.mkdirSync(path.dirname(CHUNK_REPORT), { recursive: true });
      fs.writeFileSync(CHUNK_REPORT, JSON.stringify(chunks));
    },
  };
}
