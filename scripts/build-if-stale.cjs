#!/usr/bin/env node
/**
 * Builds one part (metadata, server or runtime) unless its output was built from exactly the
 * sources there are now. `.ci/run` builds once at the start; `npm test`, `test:mysql` and
 * `test:e2e` each ask for the builds they need, and find them fresh (issue 31: the server was
 * compiled three times in one run and the runtime bundled twice).
 *
 * Fresh means: the part's key output file exists and the SHA-256 of its inputs (every file's path
 * and content) equals the one recorded after its last successful build. Content, not file times:
 * a fresh clone or a checkout touches every file. `--force` builds anyway.
 *
 *   node scripts/build-if-stale.cjs metadata|server|runtime [--force]
 */
const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STAMPS = path.join(ROOT, 'node_modules', '.cache', 'meridian-build');
const SHARED = ['package-lock.json', 'tsconfig.json'];
const METADATA_SOURCES = ['metadata/src', 'metadata/schema', 'metadata/package.json', 'metadata/tsconfig.json'];

/** Each part: what it is built from, the file that shows it was built, and the command. */
const PARTS = {
  metadata: {
    inputs: [...SHARED, ...METADATA_SOURCES, 'metadata/tsconfig.build.json'],
    output: 'metadata/dist/index.js',
    command: ['npx', 'tsc', '-p', 'metadata/tsconfig.build.json'],
  },
  server: {
    inputs: [
      ...SHARED,
      ...METADATA_SOURCES,
      'server/src',
      'server/package.json',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
    ],
    output: 'server/dist/main.js',
    command: ['npx', 'tsc', '-p', 'server/tsconfig.build.json'],
  },
  runtime: {
    inputs: [...SHARED, ...METADATA_SOURCES, 'runtime'],
    // The runtime folder but its output and its tests (the bundle does not hold them).
    skip: [/^runtime\/dist\//, /^runtime\/node_modules\//, /\.test\.tsx?$/, /^runtime\/src\/test\//],
    output: 'runtime/dist/index.html',
    command: ['npx', 'vite', 'build', '--config', 'runtime/vite.config.ts'],
  },
};

function filesUnder(relative, skip) {
  const absolute = path.join(ROOT, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return skip.some((re) => re.test(relative)) ? [] : [relative];
  return fs
    .readdirSync(absolute)
    .sort()
    .flatMap((name) => filesUnder(path.posix.join(relative, name), skip));
}

function inputsDigest(part) {
  const hash = createHash('sha256');
  for (const file of part.inputs.flatMap((input) => filesUnder(input, part.skip ?? []))) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function main() {
  const [name, flag] = process.argv.slice(2);
  const part = PARTS[name];
  if (!part) {
    console.error(`usage: build-if-stale.cjs ${Object.keys(PARTS).join('|')} [--force]`);
    process.exit(2);
  }
  const stamp = path.join(STAMPS, `${name}.sha256`);
  const digest = inputsDigest(part);
  const recorded = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8').trim() : '';
  if (flag !== '--force' && recorded === digest && fs.existsSync(path.join(ROOT, part.output))) {
    console.log(`${name}: built from these sources already (${part.output})`);
    return;
  }
  // A failed or interrupted build leaves no stamp: the next call builds again.
  fs.rmSync(stamp, { force: true });
  const started = Date.now();
  const result = spawnSync(part.command[0], part.command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stamp, `${digest}\n`);
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main();
