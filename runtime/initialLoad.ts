/**
 * The login page's initial JavaScript, measured on a build: the module scripts and modulepreload
 * links of index.html and everything they import statically (dynamic imports load on demand),
 * each gzipped as the server sends it (runtime/precompress.ts writes the .gz copies at level 9).
 * The budget check (initialLoad.test.ts) fails above INITIAL_JS_BUDGET and lists the largest.
 */
import { gzipSync } from 'node:zlib';

/** The budget for the login page: 350 KB of gzipped JavaScript. */
export const INITIAL_JS_BUDGET = 350 * 1024;

/** What the check needs of a built chunk (a Rolldown output chunk has these fields). */
export interface BuiltChunk {
  fileName: string;
  code: string;
  /** Static imports: the browser loads them before the chunk runs. */
  imports: string[];
  /** Source modules in the chunk (absolute paths). */
  moduleIds?: string[];
}

export interface InitialLoad {
  /** Sum of the gzipped sizes, bytes. */
  total: number;
  /** Largest first. */
  files: Array<{ fileName: string; bytes: number; gzipped: number }>;
}

const ATTRIBUTES = /([a-zA-Z-]+)\s*=\s*"([^"]*)"/g;

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(ATTRIBUTES)].map((match) => [match[1].toLowerCase(), match[2]]));
}

/** `./assets/index-x.js` or `/assets/index-x.js` → `assets/index-x.js` (the chunks' file names). */
const bundlePath = (url: string) => url.replace(/^(\.\/|\/)/, '');

/** The JavaScript index.html loads before anything renders: module scripts and modulepreload links. */
export function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    if (tag.startsWith('<script') && attributes.type === 'module' && attributes.src)
      files.push(bundlePath(attributes.src));
    if (tag.startsWith('<link') && attributes.rel === 'modulepreload' && attributes.href)
      files.push(bundlePath(attributes.href));
  }
  return files;
}

/** The given chunks and, transitively, their static imports: what loads with them. */
export function withStaticImports(roots: string[], chunks: Map<string, BuiltChunk>): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) throw new Error(`${fileName} is loaded, but the build did not produce it`);
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

/** The login page's JavaScript: index.html's scripts with their static imports. */
export function initialFiles(html: string, chunks: Map<string, BuiltChunk>): string[] {
  return withStaticImports(htmlScripts(html), chunks);
}

export function measureInitialLoad(html: string, chunks: Map<string, BuiltChunk>): InitialLoad {
  const files = initialFiles(html, chunks).map((fileName) => {
    const code = Buffer.from((chunks.get(fileName) as BuiltChunk).code);
    return { fileName, bytes: code.length, gzipped: gzipSync(code, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzipped - a.gzipped);
  return { total: files.reduce((sum, file) => sum + file.gzipped, 0), files };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line for the total against the budget, then the largest files. */
export function initialLoadReport(load: InitialLoad, budget = INITIAL_JS_BUDGET, largest = 12): string {
  const lines = load.files
    .slice(0, largest)
    .map((file) => `  ${kb(file.gzipped).padStart(9)} gzip  ${kb(file.bytes).padStart(9)} raw  ${file.fileName}`);
  const rest = load.files.length - largest;
  if (rest > 0) lines.push(`  … and ${rest} smaller files`);
  return [
    `Login page initial JavaScript: ${kb(load.total)} gzipped in ${load.files.length} files (budget ${kb(budget)}). Largest:`,
    ...lines,
  ].join('\n');
}
