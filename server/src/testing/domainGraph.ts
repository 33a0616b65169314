/**
 * The domain-level import graph of server/src/srm (docs/developer-guide.md "Domain modules"): a
 * domain is the first folder under srm; a file of one domain may import another domain only
 * through one of its published contract files (`contract.ts`), and the domains import each other
 * without a cycle. Read from the source text, so the check needs no build and sees test files too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface DomainImport {
  /** The importing file, relative to the srm folder (`purchasing/order/orderGate.ts`). */
  file: string;
  /** The imported path as written. */
  specifier: string;
  /** The imported module relative to the srm folder, without extension (`supplier/gate/contract`). */
  target: string;
  fromDomain: string;
  toDomain: string;
}

// `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')` and `vi.mock('…')`.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** The relative module paths a source text imports. */
export function importedPaths(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => m[1]).filter((s) => s.startsWith('.'));
}

const domainOf = (relative: string): string | undefined =>
  relative.includes('/') && !relative.startsWith('..') ? relative.split('/')[0] : undefined;

/** The imports between two different domains in `files` (srm-relative path → source text). */
export function crossDomainImports(files: Map<string, string>): DomainImport[] {
  const found: DomainImport[] = [];
  for (const [file, source] of files) {
    const fromDomain = domainOf(file);
    if (!fromDomain) continue; // srm/index.ts composes the domains
    for (const specifier of importedPaths(source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.ts$/, '');
      const toDomain = domainOf(target);
      if (toDomain && toDomain !== fromDomain) found.push({ file, specifier, target, fromDomain, toDomain });
    }
  }
  return found;
}

/** A published contract: a file named contract.ts anywhere in the domain. */
export const isContract = (target: string): boolean => path.posix.basename(target) === 'contract';

/** The cycles of the domain graph, each as its domains in order (a → b → a as ['a', 'b']), one per strongly connected set. */
export function domainCycles(edges: Iterable<[string, string]>): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) next.set(a, (next.get(a) ?? new Set()).add(b));
  const cycles: string[][] = [];
  const done = new Set<string>();
  for (const start of [...next.keys()].sort()) {
    if (done.has(start)) continue;
    const cycle = pathBack(next, start);
    if (cycle && !cycles.some((c) => c.includes(start))) cycles.push(cycle);
    done.add(start);
  }
  return cycles;
}

/** The shortest path start → … → start, breadth first, or undefined. */
function pathBack(next: Map<string, Set<string>>, start: string): string[] | undefined {
  const from = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const after: string[] = [];
    for (const node of frontier)
      for (const to of [...(next.get(node) ?? [])].sort()) {
        if (to === start) {
          const cycle = [node];
          while (cycle[0] !== start) cycle.unshift(from.get(cycle[0])!);
          return cycle;
        }
        if (!from.has(to)) {
          from.set(to, node);
          after.push(to);
        }
      }
    frontier = after;
  }
  return undefined;
}

/** Every .ts file below `root`, by its path relative to root (forward slashes). */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        files.set(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return files;
}
