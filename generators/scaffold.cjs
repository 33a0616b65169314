#!/usr/bin/env node
// npm run scaffold -- <page path> [<page path> …] [--domain <folder>] [--dry-run]
// Creates entity and page metadata skeletons for a screen of the spec (catalog/seed-catalog.json),
// from the entity catalog/DOMAIN.md describes for it, and says what is left to do by hand.
const path = require('node:path');
const { scaffold, writeFiles, ScaffoldError } = require('./src/scaffold/scaffold.cjs');

function main() {
  const args = process.argv.slice(2);
  const domainAt = args.indexOf('--domain');
  const domainFolder = domainAt >= 0 ? args[domainAt + 1] : undefined;
  const pagePaths = args.filter((a, i) => !a.startsWith('--') && (domainAt < 0 || i !== domainAt + 1));
  if (!pagePaths.length) {
    console.error(
      'usage: npm run scaffold -- <page path> [<page path> …] [--domain <folder>] [--dry-run]   e.g. npm run scaffold -- inspectPlanList inspectPlanEdit',
    );
    process.exit(2);
  }
  // The compiled metadata package: `npm run scaffold` builds it first.
  const metadata = require(path.join(__dirname, '..', 'metadata', 'dist', 'node.js'));
  const { files, problems, untranslated } = scaffold(pagePaths, metadata, domainFolder);
  if (args.includes('--dry-run')) {
    for (const { file, doc } of files) console.log(`--- ${file}\n${JSON.stringify(doc, null, 2)}`);
  } else {
    writeFiles(files);
    for (const { file } of files) console.log(`created ${file}`);
  }
  if (untranslated.length)
    console.log(`\nLabels still in English only (write the Chinese): ${untranslated.join(', ')}`);
  if (problems.length) {
    console.log(
      `\nBefore the metadata loads, fix (npm test fails until then):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  } else
    console.log(
      '\nThe metadata loads with the new documents. Next: add a menu entry and grant its buttons (docs/admin-guide.md).',
    );
}

try {
  main();
} catch (e) {
  if (!(e instanceof ScaffoldError)) throw e;
  console.error(`scaffold: ${e.message}`);
  process.exit(1);
}
