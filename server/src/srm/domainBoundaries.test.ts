import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossDomainImports,
  domainCycles,
  importedPaths,
  isContract,
  readSources,
  type DomainImport,
} from '../testing/domainGraph';

/**
 * The domains reach each other only through a published contract file and without a cycle
 * (docs/developer-guide.md "Domain modules"). Test files are held to the same rule: a fixture two
 * domains share lives in server/src/testing, not in one of them.
 */

const show = (i: DomainImport) => `${i.file} imports '${i.specifier}'`;
const imports = crossDomainImports(readSources(__dirname));

describe('the domains of server/src/srm', () => {
  it('import another domain only through its contract files', () => {
    expect(imports.filter((i) => !isContract(i.target)).map(show)).toEqual([]);
  });

  it('import each other without a cycle', () => {
    const edges = imports.map((i): [string, string] => [i.fromDomain, i.toDomain]);
    expect(domainCycles(edges).map((c) => [...c, c[0]].join(' → '))).toEqual([]);
  });
});

describe('the check itself', () => {
  const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

  it('reads static, re-export, side-effect, dynamic and vi.mock imports, not packages', () => {
    const source = [
      "import { a } from './a';",
      "import type {\n  B,\n} from '../b';",
      "export { c } from './c';",
      "import './d';",
      "const e = await import('./e');",
      "vi.mock('./f', () => ({}));",
      "import { g } from 'vitest';",
    ].join('\n');
    expect(importedPaths(source)).toEqual(['./a', '../b', './c', './d', './e', './f']);
  });

  it('finds an import into another domain past its contract, and accepts the contract', () => {
    const found = crossDomainImports(
      files({
        'price/a/x.ts': "import { a } from '../../purchasing/price/materialPrices';\nimport { b } from './y';",
        'price/a/y.ts': "import { c } from '../../purchasing/price/contract';",
        'index.ts': "import { d } from './price/a/x';",
      }),
    );
    expect(found.map((i) => [i.file, i.target, isContract(i.target)])).toEqual([
      ['price/a/x.ts', 'purchasing/price/materialPrices', false],
      ['price/a/y.ts', 'purchasing/price/contract', true],
    ]);
  });

  it('finds the cycles of a graph, and none in a graph without one', () => {
    const edges: [string, string][] = [
      ['performance', 'price'],
      ['price', 'purchasing'],
      ['purchasing', 'performance'],
      ['purchasing', 'supplier'],
      ['reconciliation', 'supplier'],
      ['supplier', 'reconciliation'],
    ];
    expect(domainCycles(edges)).toEqual([
      ['performance', 'price', 'purchasing'],
      ['reconciliation', 'supplier'],
    ]);
    expect(domainCycles(edges.slice(0, 4))).toEqual([['performance', 'price', 'purchasing']]);
    expect(domainCycles([edges[0], edges[1], edges[3]])).toEqual([]);
  });

  it('reads the srm folder itself (the rule would pass vacuously on no files)', () => {
    expect(imports.length).toBeGreaterThan(5);
    expect(path.basename(__dirname)).toBe('srm');
  });
});
