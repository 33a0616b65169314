#!/usr/bin/env node
/*
 * Compares the vendored specification files (catalog/seed-catalog.json, catalog/DOMAIN.md) with an
 * outside copy of them, e.g. the specification's own folder beside a checkout:
 *
 *   node scripts/check-catalog.cjs <seed-catalog.json> [DOMAIN.md]
 *   node scripts/check-catalog.cjs <folder>            (finds seed-catalog.json and DOMAIN.md under it)
 *   MERIDIAN_SPEC_DIR=<folder> node scripts/check-catalog.cjs
 *
 * A folder is searched for catalog/seed-catalog.json or seed-catalog.json, and for domain/DOMAIN.md
 * or DOMAIN.md. It prints every difference (JSON: by path, with both values; Markdown: the first
 * differing lines) and exits 1 when the copies differ, 2 when no outside copy is given or found,
 * 0 when they are the same. The repository itself never needs the outside copy: the tests read only
 * the vendored files.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const VENDORED = {
  catalog: path.join(ROOT, 'catalog', 'seed-catalog.json'),
  domain: path.join(ROOT, 'catalog', 'DOMAIN.md'),
};
const MAX_SHOWN = 40;

function usage(message) {
  console.error(`check-catalog: ${message}
Usage: node scripts/check-catalog.cjs <seed-catalog.json | folder> [DOMAIN.md]
   or: MERIDIAN_SPEC_DIR=<folder> node scripts/check-catalog.cjs
Give the outside copy of the specification to compare catalog/seed-catalog.json and catalog/DOMAIN.md with.`);
  process.exit(2);
}

function firstExisting(dir, candidates) {
  return candidates.map((c) => path.join(dir, c)).find((p) => fs.existsSync(p));
}

/** The outside files to compare: { catalog?, domain? } from the arguments or MERIDIAN_SPEC_DIR. */
function outsideFiles(args) {
  const given = args.length ? args : process.env.MERIDIAN_SPEC_DIR ? [process.env.MERIDIAN_SPEC_DIR] : [];
  if (!given.length) usage('no outside copy given.');
  const files = {};
  for (const arg of given) {
    const p = path.resolve(arg);
    if (!fs.existsSync(p)) usage(`${arg} does not exist.`);
    if (fs.statSync(p).isDirectory()) {
      files.catalog ??= firstExisting(p, ['catalog/seed-catalog.json', 'seed-catalog.json']);
      files.domain ??= firstExisting(p, ['domain/DOMAIN.md', 'DOMAIN.md']);
    } else if (p.endsWith('.json')) files.catalog = p;
    else if (p.endsWith('.md')) files.domain = p;
    else usage(`${arg}: expected a .json file, a .md file or a folder.`);
  }
  if (!files.catalog && !files.domain) usage(`no seed-catalog.json or DOMAIN.md found in ${given.join(', ')}.`);
  return files;
}

const show = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? '(absent)' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Every path at which two JSON values differ, as "path: vendored → outside". */
function jsonDifferences(a, b, at = '', out = []) {
  if (out.length > MAX_SHOWN) return out;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at || '(root)'}: ${show(a)} → ${show(b)}`);
    return out;
  }
  const keys = Array.isArray(a)
    ? [...Array(Math.max(a.length, b.length)).keys()]
    : [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) jsonDifferences(a[key], b[key], Array.isArray(a) ? `${at}[${key}]` : `${at}.${key}`, out);
  return out;
}

/** The differing lines of two texts, compared line by line (enough to see that and where they differ). */
function textDifferences(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  const out = [];
  for (let i = 0; i < Math.max(left.length, right.length) && out.length <= MAX_SHOWN; i++) {
    if (left[i] !== right[i]) out.push(`line ${i + 1}: ${show(left[i])} → ${show(right[i])}`);
  }
  if (left.length !== right.length) out.push(`length: ${left.length} lines → ${right.length} lines`);
  return out;
}

function compare(label, vendored, outside, differences) {
  const mine = fs.readFileSync(vendored, 'utf8');
  const theirs = fs.readFileSync(outside, 'utf8');
  if (mine === theirs) {
    console.log(`same: ${path.relative(ROOT, vendored)} = ${outside}`);
    return true;
  }
  const found = differences(mine, theirs);
  console.log(`DIFFERENT: ${path.relative(ROOT, vendored)} (vendored) vs ${outside} (outside)`);
  if (!found.length) console.log('  (only formatting differs)');
  for (const line of found.slice(0, MAX_SHOWN)) console.log(`  ${line}`);
  if (found.length > MAX_SHOWN) console.log(`  … and more`);
  return false;
}

function main() {
  const files = outsideFiles(process.argv.slice(2));
  let same = true;
  if (files.catalog) {
    same =
      compare('catalog', VENDORED.catalog, files.catalog, (a, b) => jsonDifferences(JSON.parse(a), JSON.parse(b))) &&
      same;
  } else console.log('seed-catalog.json: no outside copy given, not compared');
  if (files.domain) same = compare('domain', VENDORED.domain, files.domain, textDifferences) && same;
  else console.log('DOMAIN.md: no outside copy given, not compared');
  if (!same) console.log('Refresh the vendored copies (see catalog/README.md) or record why they differ.');
  process.exit(same ? 0 : 1);
}

main();
